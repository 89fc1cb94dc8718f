/**
 * Vite plugin for the browser build: V8's explicit compile hint (`//# allFunctionsCalledOnLoad`) at the top of the
 * entry chunk. Chromium then compiles all of the entry's functions with the script, off the main thread while it
 * streams in, instead of one by one on their first call during the entry's evaluation and hydration (React DOM's
 * most of all), which Lighthouse on home counted as blocking time (ADR 023; figures in docs/performance.md). Other
 * browsers read a comment. Only the entry: every function in it runs on load, which is not true of a lazy view's
 * chunk.
 *
 * Written into the file once the bundle is on disk: the minifier drops comments, a chunk's code changed in
 * generateBundle does not reach the file in this Vite (Rolldown) build, and Rolldown's own `postBanner` lands below
 * the `__vite__mapDeps` line Vite puts at the top of the entry afterwards (tried: the hint must be the first line). The file keeps its name: its hash already
 * stands for content that always gets the same first line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHint(): Plugin {
  return {
    name: 'vidriera:compile-hint',
    apply: (_config, env) => !env.isSsrBuild,
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const file = path.join(options.dir ?? '', chunk.fileName);
        writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}
