import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SsrRenderer } from '#shared/ssr';

/**
 * The web app's server entry straight from its sources (Vitest compiles it), loaded by path exactly as the
 * compiled server loads dist/ssr/entry-server.js: the server's code never imports the web app.
 */
export async function sourceRenderer(): Promise<SsrRenderer> {
  const file = path.resolve(import.meta.dirname, '../../src/web/entry-server.tsx');
  return ((await import(/* @vite-ignore */ file)) as { renderer: SsrRenderer }).renderer;
}

/** A built-like web folder: index.html as Vite writes it (title, description, #root, the "needs JavaScript" notice). */
export async function shellDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-ssr-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es-AR"><head><meta charset="UTF-8" /><title>Vidriera · Comercios y promociones de Mendoza</title>' +
      '<meta\n      name="description"\n      content="La vidriera de tu barrio."\n    />' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
      '<body><div id="root"></div><noscript>Vidriera necesita JavaScript.</noscript></body></html>',
  );
  return dir;
}
