/**
 * Vite plugin for the browser build: a smaller `__vitePreload` (ADR 023). Vite wraps each lazy `import()` so the
 * chunk's own imports and CSS load beside it instead of one after the other; its helper also probes for
 * modulepreload support, reads a CSP nonce, resolves through import.meta and reports failures through a
 * `vite:preloadError` event: ≈ 0.7 kB gzipped in every page's first load. Our browsers all support
 * modulepreload, the CSP has no nonce, the base is "/" and nothing listens for that event, so this one keeps only
 * the work: a <link rel="modulepreload"> per script and a stylesheet per CSS file (waited for, as Vite does), once
 * each and not for what the page already has. A CSS file that fails to load fails the import (a later one tries
 * again), as with Vite's.
 */
import type { Plugin } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

const HELPER = `
const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps ?? []).map((dep) => {
      const href = '/' + dep;
      if (!(href in seen)) {
        const css = href.endsWith('.css');
        if (document.querySelector('link[href="' + href + '"]')) seen[href] = undefined;
        else {
          const link = document.createElement('link');
          link.rel = css ? 'stylesheet' : 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          seen[href] = css
            ? new Promise((resolve, reject) => {
                link.onload = resolve;
                link.onerror = () => reject(new Error('Unable to preload CSS for ' + href));
              }).catch((err) => {
                // A later import tries again.
                delete seen[href];
                link.remove();
                throw err;
              })
            : undefined;
          document.head.appendChild(link);
        }
      }
      return seen[href];
    }),
  ).then(() => load());
`;

/**
 * The helper, and `alreadyLoaded` for build.modulePreload.resolveDependencies: the entry chunk and what it imports
 * statically (Rolldown's runtime chunk) are loaded before any lazy import can run, so no lazy import lists them.
 * Vite listed the runtime chunk for nearly every one, and an import with nothing left to list needs no list.
 */
export function preloadHelper() {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'vidriera:preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER && this.environment.config.consumer === 'client' ? HELPER : null;
    },
    // Before Vite's own generateBundle, which writes each lazy import's list (and calls resolveDependencies).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry)
            for (const f of [chunk.fileName, ...chunk.imports]) loaded.add(f);
      },
    },
  };
  return { plugin, alreadyLoaded: (file: string) => loaded.has(file) };
}
