import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces in the logs point at the TypeScript sources. The compiled server (dist/server, with a `.map`
 * beside each file) is mapped here, when an error is logged, instead of by `node --enable-source-maps`: that
 * flag reads, parses and keeps the server bundle's whole map on every start, costing start-up time and resident
 * memory for stacks most processes never print (ADR 029; figures in docs/performance.md). A file's map is read on the
 * first stack that passes through it, then kept.
 */
const maps = new Map<string, SourceMap | null>();

function mapOf(fileUrl: string): SourceMap | null {
  let map = maps.get(fileUrl);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(fileUrl)}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = null; // no map beside it (a dependency, or the sources run through tsx): the frame stays as it is
    }
    maps.set(fileUrl, map);
  }
  return map;
}

/** A frame's location in a module: `file:///…/main.js:12:345` (ESM frames are file URLs). */
const FRAME_LOCATION = /(file:\/\/\/[^\s()]+?\.js):(\d+):(\d+)/g;

/** The stack with each compiled frame's location replaced by its source's: `/…/src/server/app.ts:40:7`. */
export function sourceMappedStack(stack: string): string {
  return stack.replace(FRAME_LOCATION, (location, fileUrl: string, line: string, column: string) => {
    const origin = mapOf(fileUrl)?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return location;
    // The map's sources are relative to the map, which sits beside the compiled file.
    return `${fileURLToPath(new URL(origin.fileName, fileUrl))}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}
