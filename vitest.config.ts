import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PGlite instances take ~250 MB and a few seconds to create: a suite shares one per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/testing-setup.ts'],
  },
});
