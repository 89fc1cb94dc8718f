import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { layerAliases } from './aliases';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * A run that leaves PGlite out (TEST_DATABASES=postgres: `npm test`'s pass on Node 24, ADR 039) takes only the
 * test files that can test on the server: those reading DATABASE_KINDS or TEST_SERVER_URL
 * (test/server/databases.ts). Every other file already ran in the PGlite pass.
 */
function serverTestFiles(): string[] {
  return ['src', 'test']
    .flatMap((dir) =>
      readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\b(DATABASE_KINDS|TEST_SERVER_URL)\b/.test(readFileSync(`${root}${file}`, 'utf8')))
    .sort();
}
const onlyServer = (process.env.TEST_DATABASES ?? '').split(',').every((kind) => kind.trim() === 'postgres');

/**
 * Test files that need a process of their own: the browser side's (jsdom; their modules keep per-page state such
 * as the answers already fetched) and a server test of what a fresh process does.
 */
const ISOLATED = ['src/web/**/*.test.{ts,tsx}', 'src/server/ssr/render-hooks.test.ts'];

export default defineConfig({
  resolve: { alias: layerAliases(root) },
  test: {
    // The server's test files share their worker's modules (ADR 063): each builds its own app on its own
    // database, and importing Fastify, Better Auth, Drizzle and PGlite anew for every file was where much of the
    // unit/API layer's time went.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: onlyServer ? serverTestFiles() : ['{src,test}/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: onlyServer ? [] : ISOLATED, isolate: true },
      },
    ],
    environment: 'node',
    // A PGlite instance is a whole PostgreSQL in memory: a suite shares one per file, loaded from the template
    // the global setup migrates once per run (test/server/global-setup.ts).
    globalSetup: ['./test/server/global-setup.ts'],
    // Vitest's default in run mode is one worker fewer than the cores: one worker on this 2-core machine. The API
    // files spend much of their time waiting on PostgreSQL and on I/O, so two workers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/setup.ts'],
  },
});
