import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { moduleMeta } from '#server/http/deferred-scripts';
import { SSR_VIEW_MODULES, type SsrRouteName } from '#shared/routes';

/**
 * The first view of a server-rendered page is a lazy chunk of the web app (React.lazy in App.tsx): hydration
 * needs it at once, but the browser would only learn of it after running the entry. Each page's HTML names it
 * (and the chunks it imports) for the boot script to preload beside the entry (ADR 023; deferred-scripts.ts).
 */

/** The view a server-rendered page hydrates, by the source module that holds it (the route table's). */
const VIEW_MODULES = {
  ...SSR_VIEW_MODULES,
  // An unknown or hidden business: DetalleView's module also holds its "not found" page.
  'comercio-not-found': SSR_VIEW_MODULES.detalle,
} satisfies Record<SsrRouteName | 'comercio-not-found', string>;
export type PreloadView = keyof typeof VIEW_MODULES;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files the entry loads by itself (its own and its static imports'): already in index.html. */
function entryFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * A view's chunk in the manifest: keyed by its source, or, when scripts/view-chunks.ts grouped the view with its
 * modules, by the group's chunk (`_<name>-<hash>.js`), named after the view's module.
 */
function viewChunkKey(manifest: Manifest, view: PreloadView): string {
  const source = VIEW_MODULES[view];
  if (manifest[source]) return source;
  const name = source.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]!.name === name);
  if (!key) throw new Error(`The web build's manifest has no ${source}`);
  return key;
}

/** A view's chunk and the chunks it imports statically, less what the entry already loads: "assets/…js" paths. */
export function viewFiles(manifest: Manifest, view: PreloadView): string[] {
  const loaded = entryFiles(manifest);
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web build's manifest has no ${key}`);
    if (loaded.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(viewChunkKey(manifest, view));
  return files;
}

/** The module meta tags of each view, or none when the build has no manifest (tests, API-only). */
export type ViewPreloads = (view: PreloadView) => string;

export function loadViewPreloads(webDir: string | null): ViewPreloads {
  const file = webDir && path.join(webDir, '.vite', 'manifest.json');
  if (!file || !existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const tags = new Map<PreloadView, string>();
  for (const view of Object.keys(VIEW_MODULES) as PreloadView[]) {
    // Named for the boot script, as Vite's own preloads are once deferScripts has rewritten index.html.
    tags.set(
      view,
      viewFiles(manifest, view)
        .map((f) => moduleMeta(`/${f}`))
        .join(''),
    );
  }
  return (view) => tags.get(view) ?? '';
}
