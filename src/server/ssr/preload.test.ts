import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadViewPreloads, viewFiles, type Manifest } from './preload';

// The shape Vite writes to dist/web/.vite/manifest.json: chunk keys, files and static imports ("index.html" is the entry).
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_runtime-r.js'] },
  '_runtime-r.js': { file: 'assets/runtime-r.js' },
  '_shared-s.js': { file: 'assets/shared-s.js', imports: ['_runtime-r.js', 'index.html'] },
  '_horario-h.js': { file: 'assets/horario-h.js', imports: ['_shared-s.js'] },
  'features/comercios/DetalleView.tsx': {
    file: 'assets/DetalleView-d.js',
    imports: ['_runtime-r.js', 'index.html', '_shared-s.js', '_horario-h.js'],
  },
  'features/promociones/PromocionesView.tsx': {
    file: 'assets/PromocionesView-p.js',
    imports: ['index.html', '_shared-s.js'],
  },
  // A view grouped with its modules (scripts/view-chunks.ts): keyed by the chunk, named after the view's module.
  '_ListaView-l.js': { file: 'assets/ListaView-l.js', name: 'ListaView', imports: ['index.html', '_shared-s.js'] },
  '_ListaHelper-x.js': { file: 'assets/ListaHelper-x.js', name: 'ListaHelper' },
};

describe('view chunk preloads', () => {
  it("lists a view's chunk and the chunks it imports, once each, without what the entry already loads", () => {
    expect(viewFiles(manifest, 'detalle')).toEqual([
      'assets/DetalleView-d.js',
      'assets/shared-s.js',
      'assets/horario-h.js',
    ]);
    expect(viewFiles(manifest, 'promociones')).toEqual(['assets/PromocionesView-p.js', 'assets/shared-s.js']);
  });

  it("finds a view grouped into a chunk of its own by the chunk's name", () => {
    expect(viewFiles(manifest, 'lista')).toEqual(['assets/ListaView-l.js', 'assets/shared-s.js']);
  });

  it('fails loudly when the build no longer has the view (a renamed module must be renamed here too)', () => {
    const { 'features/comercios/DetalleView.tsx': _gone, ...rest } = manifest;
    expect(() => viewFiles(rest, 'detalle')).toThrow('features/comercios/DetalleView.tsx');
  });

  it("names the view's modules from the built manifest, and none without one", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-preload-'));
    expect(loadViewPreloads(dir)('detalle')).toBe('');
    expect(loadViewPreloads(null)('detalle')).toBe('');
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(loadViewPreloads(dir)('comercio-not-found')).toBe(
      '<meta name="vidriera-module" content="/assets/DetalleView-d.js">' +
        '<meta name="vidriera-module" content="/assets/shared-s.js">' +
        '<meta name="vidriera-module" content="/assets/horario-h.js">',
    );
  });
});
