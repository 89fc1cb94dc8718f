import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { sourceMappedStack } from './source-mapped-stack';

// A compiled module with its map, as scripts/build-server.mjs writes them (minified, sources left out).
const SOURCE = [
  'export function placeOrder(total: number): number {',
  '  if (total > 450) {',
  "    throw new RangeError('demasiado');",
  '  }',
  '  return total;',
  '}',
].join('\n');

let dir: string;
let compiledUrl: string;
/** `file:///…/pedido.js:L:C` of the `throw`, as V8 writes it (1-based line and column). */
let throwLocation: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vidriera-stack-'));
  writeFileSync(path.join(dir, 'pedido.ts'), SOURCE);
  const outfile = path.join(dir, 'dist', 'pedido.js');
  await build({
    entryPoints: [path.join(dir, 'pedido.ts')],
    outfile,
    format: 'esm',
    sourcemap: true,
    sourcesContent: false,
    minify: true,
    logLevel: 'silent',
  });
  const lines = readFileSync(outfile, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes('throw'));
  compiledUrl = pathToFileURL(outfile).href;
  throwLocation = `${compiledUrl}:${line + 1}:${lines[line]!.indexOf('throw') + 1}`;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stacks of the compiled server in the log', () => {
  it('point each compiled frame at its TypeScript source line', () => {
    const stack = `RangeError: demasiado\n    at placeOrder (${throwLocation})\n    at async main (${throwLocation})`;
    const mapped = sourceMappedStack(stack);
    const source = path.join(dir, 'pedido.ts');
    expect(mapped).toBe(`RangeError: demasiado\n    at placeOrder (${source}:3:5)\n    at async main (${source}:3:5)`);
  });

  it('leave frames without a map as they are: dependencies, Node, sources run by tsx', () => {
    const stack = [
      'Error: x',
      '    at Client.query (/app/node_modules/pg/lib/client.js:526:17)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      `    at run (${pathToFileURL(path.join(dir, 'sin-mapa.js')).href}:1:20)`,
      '    at buildApp (file:///app/src/server/app.ts:40:7)',
    ].join('\n');
    expect(sourceMappedStack(stack)).toBe(stack);
  });

  it('are mapped by the process logger, whichever call site logs the error', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', stream: { write: (line) => void lines.push(line) } });
    const err = new RangeError('demasiado');
    err.stack = `RangeError: demasiado\n    at placeOrder (${throwLocation})`;
    logger.error({ err }, 'could not start');
    const logged = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    expect(logged.err).toMatchObject({ type: 'RangeError', message: 'demasiado' });
    expect(logged.err.stack).toBe(`RangeError: demasiado\n    at placeOrder (${path.join(dir, 'pedido.ts')}:3:5)`);
  });
});
