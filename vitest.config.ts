import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './aliases';

export default defineConfig({
  resolve: { alias: layerAliases(fileURLToPath(new URL('.', import.meta.url))) },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PGlite instances take ~250 MB and a few seconds to create: a suite shares one per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/testing-setup.ts'],
  },
});
