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

export function preloadHelper(): Plugin {
  return {
    name: 'vidriera:preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER && this.environment.config.consumer === 'client' ? HELPER : null;
    },
  };
}
