import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './test/chromium';

/**
 * Two servers, each with a fresh embedded database and the sample data: the guest specs read a pristine
 * city on PORT, while the owner specs (which sign up, register and publish businesses) write on PORT + 1,
 * so no spec depends on what another one created. The owner server runs as a newcomer would start it:
 * a non-default port, no PUBLIC_URL (so it is http://localhost:PORT), opened at 127.0.0.1.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OWNER_PORT = PORT + 1;
const PHONE = { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, browserName: 'chromium' as const };
const OWNER_SPECS = /(owner-[\w-]+|payments|operador)\.spec\.ts/;
const DESKTOP_SPECS = /desktop\.[\w.-]+\.spec\.ts/;

/**
 * e2e/operador.spec.ts and e2e/owner-revision.spec.ts sign these accounts up (one per test); the owner server's
 * command line appoints them first.
 */
const E2E_OPERATORS = 'operadora@vidriera.test operadora-celular@vidriera.test operadora-revision@vidriera.test';

function server(
  port: number,
  { publicUrl, operator, geocoder = false }: { publicUrl: boolean; operator?: string; geocoder?: boolean },
) {
  // As `npm run operator:add` runs it, on the fresh data folder before the server opens it (PGlite is one
  // process): the account does not exist yet, so this records a pending appointment.
  const appoint = operator ? `node --enable-source-maps dist/server/operador-cli.js ${operator} && ` : '';
  // The owner server's GEOCODER_URL points at a local Nominatim double that wraps the server's process (on a
  // port the system picks), so the owners' address search is tested and never reaches the internet.
  const wrap = geocoder ? 'node --import tsx e2e/support/with-geocoder.ts ' : '';
  return {
    // The compiled server, as `npm start` runs it (`npm run build` comes first): the tests exercise what ships.
    command: `rm -rf .e2e-data/${port} && ${appoint}${wrap}env MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --expose-gc --max-semi-space-size=2 --liftoff-only dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data/${port}`,
      WEB_DIR: process.env.WEB_DIR ?? 'dist/web',
      // The browser tests always use a fresh embedded database, whatever the shell points at.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Never the internet: map tiles point at a local origin the map specs answer themselves (page.route).
      MAP_TILE_URL: `http://127.0.0.1:${port}/__tiles/{z}/{x}/{y}.png`,
      // Empty means unset (the server derives it from PORT), whatever the shell says.
      PUBLIC_URL: publicUrl ? `http://127.0.0.1:${port}` : '',
      SEED_SAMPLE_DATA: 'true',
      SANDBOX_PENDING_MS: '3000',
      // Every browser test signs up and in from 127.0.0.1: one address standing for the many people of the owner
      // specs, which outgrew the per-address sign-in/sign-up allowance a real address gets. The limits
      // themselves are tested by the API tests (src/server/auth/rate-limit.test.ts, http/client-address.test.ts).
      AUTH_RATE_LIMIT_PER_IP: '1000',
      // The same address for every visitor of every spec: their searches and pages, all misses on a fresh server,
      // outgrow one person's budget of misses (ADR 048), which src/server/http/miss-budget.test.ts tests.
      PUBLIC_MISS_LIMIT_PER_MINUTE: '100000',
      // Empty whatever the shell says: the operator comes from the command line.
      OPERATOR_EMAILS: '',
      // No geocoder whatever the shell says; the owner server's wrapper sets its double's (see `wrap`).
      GEOCODER_URL: '',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  // One results folder per port, so runs on different ports never clear each other's.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two at once, one per server: the owner specs (their own server) beside the guest specs. Each project runs its
  // files one at a time, and the desktop specs wait for the phone's (both read the guest server, and some phone
  // specs write to it), so no spec meets another's half-done writes.
  workers: 2,
  // No retries: a flaky test is fixed at its cause.
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Mendoza',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: [OWNER_SPECS, DESKTOP_SPECS],
      workers: 1,
      use: { ...PHONE, baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'desktop',
      testMatch: DESKTOP_SPECS,
      dependencies: ['phone'],
      workers: 1,
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium', baseURL: `http://127.0.0.1:${PORT}` },
    },
    { name: 'owner', testMatch: OWNER_SPECS, workers: 1, use: { ...PHONE, baseURL: `http://127.0.0.1:${OWNER_PORT}` } },
  ],
  webServer: [
    server(PORT, { publicUrl: true }),
    server(OWNER_PORT, { publicUrl: false, operator: E2E_OPERATORS, geocoder: true }),
  ],
});
