import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrRenderer } from '#shared/ssr';

/**
 * The web app's server entry, built by `npm run build` beside the client (dist/ssr next to dist/web): its load
 * under way. Null when it is missing (the API-only or development server): pages are then rendered in the
 * browser as before.
 *
 * Not awaited at start-up (ADR 029): importing React's server renderer and the app is a noticeable part of a
 * start, and only page requests need it. The server starts listening meanwhile; a page asked for in those first moments
 * waits for it (`serverPages`), the API does not.
 */
export function startLoadingSsrRenderer(
  webDir: string,
  nodeEnv: 'development' | 'production' | 'test',
): Promise<SsrRenderer> | null {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  // React picks its build from process.env.NODE_ENV when first loaded: unset (as `npm start` leaves it) means its
  // development build, several times slower to render (a CPU profile showed it). Follow the config's NODE_ENV.
  process.env.NODE_ENV ??= nodeEnv;
  return import(pathToFileURL(file).href).then((mod: { renderer: SsrRenderer }) => mod.renderer);
}
