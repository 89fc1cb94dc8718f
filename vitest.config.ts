import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './aliases';

export default defineConfig({
  resolve: { alias: layerAliases(fileURLToPath(new URL('.', import.meta.url))) },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PGlite instances take ~250 MB each: a suite shares one per file, loaded from the template the global
    // setup migrates once per run (src/server/testing/global-setup.ts).
    globalSetup: ['./src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/testing-setup.ts'],
  },
});
