/**
 * The service worker and the offline page's script (ADR 050), after `vite build` wrote dist/web: bundles
 * src/sw/sw.ts (Workbox's modules) into dist/web/sw.js with its precache list in place of `self.__WB_MANIFEST`, and
 * src/web/offline/offline-page.ts into dist/web/offline.js.
 *
 * The precache list is what a public page needs to run without a connection, read from Vite's manifest as
 * scripts/js-budget.ts reads it: the entry and its imports, each server-rendered view's chunks, their styles, the
 * icon sprite, the offline page and the installed app's icon. The owners' and operators' chunks are not in it (a
 * visitor's phone would download them for nothing); once loaded they are kept like any built file.
 * Usage: tsx scripts/build-sw.ts [dist/web]
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { viewFiles, type Manifest, type PreloadView } from '../src/server/ssr/preload';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.resolve(process.argv[2] ?? path.join(root, 'dist/web'));

interface ManifestChunkWithCss {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest &
  Record<string, ManifestChunkWithCss>;
const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');

const files = new Set<string>();
// The entry's scripts and styles, as index.html names them.
for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(file!);
// The server-rendered pages' views (as scripts/js-budget.ts lists them; a missing business is in DetalleView too).
const VIEWS: PreloadView[] = ['lista', 'promociones', 'detalle'];
for (const view of VIEWS) for (const f of viewFiles(manifest, view)) files.add(f);
// What a business view loads only offline, to show the page the worker kept of it: it is needed exactly when
// nothing can be downloaded.
const OFFLINE_ONLY = ['features/comercios/kept-page.ts'];
for (const source of OFFLINE_ONLY) {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not a chunk of the build: the offline precache would miss it`);
  files.add(chunk.file);
}
// Each chunk's own styles (a view's CSS is named by its chunk, not by index.html).
for (const chunk of Object.values(manifest))
  if (files.has(chunk.file)) for (const css of chunk.css ?? []) files.add(css);
// The icon sprite (vite.config.ts, ADR 055): every page's icons.
for (const name of readdirSync(path.join(webDir, 'assets')))
  if (/^icons-[\w-]+\.svg$/.test(name)) files.add(`assets/${name}`);
for (const f of ['offline.html', 'favicon.svg', 'manifest.webmanifest', 'icons/icon-192.png']) files.add(f);

const offline = await build({
  entryPoints: [path.join(root, 'src/web/offline/offline-page.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});
const offlineJs = offline.outputFiles[0]!.contents;
const revision = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

// Vite's files carry their content hash in the name; the others get one from their bytes.
const entries = [...files].sort().map((file) => ({
  url: `/${file}`,
  revision: file.startsWith('assets/') ? null : revision(readFileSync(path.join(webDir, file))),
}));
entries.push({ url: '/offline.js', revision: revision(offlineJs) });

await build({
  entryPoints: [path.join(root, 'src/sw/sw.ts')],
  outfile: path.join(webDir, 'sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  tsconfig: path.join(root, 'src/sw/tsconfig.json'),
  // Workbox's own logging is for development builds.
  define: { 'process.env.NODE_ENV': '"production"', 'self.__WB_MANIFEST': JSON.stringify(entries) },
  logLevel: 'warning',
});
writeFileSync(path.join(webDir, 'offline.js'), offlineJs);
const bytes = entries
  .filter((e) => e.url !== '/offline.js')
  .reduce((sum, e) => sum + readFileSync(path.join(webDir, e.url)).length, 0);
console.log(
  `Service worker: dist/web/sw.js precaches ${entries.length} files (${(bytes / 1000).toFixed(0)} kB before compression)`,
);
