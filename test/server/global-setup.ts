import type { TestProject } from 'vitest/node';
import { pgliteTemplate, postgresTemplate, TEST_PGLITE, TEST_SERVER_URL } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump every test database loads ('' when the run does not cover PGlite). */
    pgliteTemplate: string;
    /** Name of the migrated database on TEST_SERVER_URL every test database copies ('' without a server). */
    postgresTemplate: string;
  }
}

/** Vitest global setup: the migrated templates of test/server/databases.ts, built once per run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', TEST_PGLITE ? await pgliteTemplate(project.config.root) : '');
  const server = TEST_SERVER_URL ? await postgresTemplate(TEST_SERVER_URL) : null;
  project.provide('postgresTemplate', server?.name ?? '');
  return async () => {
    await server?.drop();
  };
}
