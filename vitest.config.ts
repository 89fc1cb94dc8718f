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
    // Vitest's default in run mode is one worker fewer than the cores: one worker on this 2-core machine. The API
    // files spend much of their time waiting on PostgreSQL and on I/O, so two workers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/testing-setup.ts'],
  },
});
