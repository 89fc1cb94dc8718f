import path from 'node:path';

/**
 * The layer aliases of tsconfig.base.json's "paths", for Vite and Vitest (esbuild, tsx and Playwright read tsconfig
 * themselves). One import style for every layer: '#shared/…', '#server/…', '#web/…'.
 */
export function layerAliases(root: string) {
  const layers = ['shared', 'server', 'web'].map((layer) => ({
    find: new RegExp(`^#${layer}/`),
    replacement: `${path.join(root, 'src', layer)}/`,
  }));
  return [...layers, { find: /^#test\//, replacement: `${path.join(root, 'test')}/` }];
}
