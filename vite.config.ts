/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import svgSpritemap from '@spiriit/vite-plugin-svg-spritemap';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { layerAliases } from './aliases';
import { compileHint } from './scripts/compile-hint';
import { viewChunks } from './scripts/view-chunks';
import { webContract } from './scripts/web-contract';
import { ICON_NAMES } from './src/web/components/icons/names';
import { SSR_VIEW_MODULES } from './src/shared/routes';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const views = viewChunks(Object.values(SSR_VIEW_MODULES));

/**
 * The icon sprite (ADR 055): one <symbol> per icon the web app draws (src/web/components/icons/names.ts), from
 * lucide-static's published SVG files, as `assets/icons-<hash>.svg`; the same name in the browser and SSR builds
 * (the hash is the sprite's content), so a server-rendered page and its hydration point at one file. SVGO only
 * takes lucide's own attributes off each symbol (class, fill, stroke…), so that the shapes inherit them from the
 * icon's <svg>, whose strokeWidth and colour props would not reach them otherwise; the shapes stay as lucide
 * draws them (SVGO's default preset would rewrite their paths, dropping the zero-length segments some icons use).
 */
const lucideIcons = path.join(
  path.dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')),
  'icons',
);
const iconSprite = svgSpritemap(
  ICON_NAMES.map((name) => path.join(lucideIcons, `${name}.svg`)),
  {
    prefix: false,
    output: { filename: 'icons-[hash][extname]', name: 'icons.svg', use: false, view: false },
    svgo: {
      plugins: [
        {
          name: 'removeAttrs',
          params: { attrs: 'svg:(class|fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)' },
        },
      ],
    },
  },
);

/** src/web and src/shared modules, except those imported for their effect (the entry, zod's setting, CSS). */
function isPureAppModule(id: string): boolean {
  return /[\\/]src[\\/](web|shared)[\\/]/.test(id) && !/\.css$|zod-jitless|[\\/]main\.tsx$/.test(id);
}

/** The public web app lives in src/web; it imports shared rules from src/shared through the #shared alias. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: { alias: layerAliases(projectRoot) },
  plugins: [react(), tailwindcss(), webContract(projectRoot), views.plugin, iconSprite, compileHint()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser we support has <link rel=modulepreload>; the polyfill would only add bytes. Lazy imports load
    // their chunk's imports and CSS beside it through Vite's own preload helper (ADR 038).
    modulePreload: { polyfill: false },
    sourcemap: false,
    // dist/web/.vite/manifest.json: the server preloads each page's view chunk from it, the budget check measures it.
    manifest: true,
    // What a page loads first is held by the per-page gzip budget (scripts/js-budget.ts), which the build prints;
    // this only flags a lazy chunk run away, without a warning on every first start about the entry.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Our own modules run nothing on import (but the entry, the zod setting and CSS): a module a feature's
      // barrel re-exports stays out of the first load unless the first load uses it (ADR 023).
      treeshake: { moduleSideEffects: (id) => !isPureAppModule(id) },
      // Everything the first page loads statically is one file (one request, one gzip dictionary), with the code
      // two public views share; each public view with its own modules is one more (scripts/view-chunks.ts).
      output: { codeSplitting: { groups: views.groups } },
    },
  },
  // The server entry (`vite build --ssr`, ADR 021) carries the packages it uses instead of importing them from
  // node_modules: lucide-react's CommonJS build (our icons before ADR 055) alone made every icon (and read its
  // whole source map), so the server held far more resident than what the pages use (figures:
  // docs/performance.md). React still picks its production or development build from NODE_ENV when the server
  // loads the entry.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
    fs: { allow: [projectRoot] },
  },
  // Tests run from the project root (server, shared and web alike), not from the SPA root above.
  test: {
    root: projectRoot,
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
