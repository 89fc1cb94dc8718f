import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderer } from '#shared/ssr';

/**
 * The web app's server entry, built by `npm run build` beside the client (dist/ssr next to dist/web). Null when
 * it is missing (the API-only or development server): pages are then rendered in the browser as before.
 */
export async function loadSsrRenderer(
  webDir: string,
  nodeEnv: 'development' | 'production' | 'test',
): Promise<SsrRenderer | null> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  // React picks its build from process.env.NODE_ENV when first loaded: unset (as `npm start` leaves it) means its
  // development build, several times slower to render (a CPU profile showed it). Follow the config's NODE_ENV.
  process.env.NODE_ENV ??= nodeEnv;
  const mod = (await import(pathToFileURL(file).href)) as { renderer: SsrRenderer };
  return mod.renderer;
}
