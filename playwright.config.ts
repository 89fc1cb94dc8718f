import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  // One results folder per port, so runs on different ports never clear each other's.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Mendoza',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, browserName: 'chromium' }, testIgnore: /desktop\..*\.spec\.ts/ },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' }, testMatch: /desktop\..*\.spec\.ts/ },
  ],
  webServer: {
    // A fresh embedded database with the sample data for every run; the built SPA is served by the app.
    command: `rm -rf .e2e-data/${PORT} && npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data/${PORT}`,
      WEB_DIR: process.env.WEB_DIR ?? 'dist/web',
      // The browser tests always use a fresh embedded database, whatever the shell points at.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SEED_SAMPLE_DATA: 'true',
    },
  },
});
