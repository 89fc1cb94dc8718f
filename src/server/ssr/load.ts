import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderer } from '#shared/ssr';

/**
 * The web app's server entry, built by `npm run build` beside the client (dist/ssr next to dist/web). Null when
 * it is missing (the API-only or development server): pages are then rendered in the browser as before.
 */
export async function loadSsrRenderer(webDir: string): Promise<SsrRenderer | null> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { renderer: SsrRenderer };
  return mod.renderer;
}
