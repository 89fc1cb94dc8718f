import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoint } from '#shared/contract/endpoint';
import { idParam } from '#shared/schemas/queries';
import { AppError, registerErrorHandling } from './errors';
import { contractRoutes } from './route';

const save = endpoint<{ read: number; user: string }>()({
  method: 'PUT',
  path: '/things/:id',
  auth: true,
  params: idParam,
});

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function appWith(authenticate: () => Promise<string>, early: () => Promise<number>) {
  const app = Fastify();
  apps.push(app);
  registerErrorHandling(app);
  const route = contractRoutes(app, authenticate);
  route(save, async ({ user, early: read }) => ({ read: await read!, user }), { early });
  return app;
}

describe('contractRoutes early reads', () => {
  it('starts the early read while the user is still being looked up', async () => {
    // The session lookup only finishes once the read has started: run one after the other, this would hang.
    const readStarted = deferred();
    const app = appWith(
      async () => {
        await readStarted.promise;
        return 'owner-1';
      },
      async () => {
        readStarted.resolve();
        return 7;
      },
    );
    const res = await app.inject({ method: 'PUT', url: '/things/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ read: 7, user: 'owner-1' });
  });

  it('answers a guest 401 and drops a failed early read without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const app = appWith(
        async () => {
          throw new AppError(401, 'unauthenticated', 'Iniciá sesión para continuar.');
        },
        async () => {
          throw new Error('database gone');
        },
      );
      const res = await app.inject({ method: 'PUT', url: '/things/7' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Iniciá sesión para continuar.' } });
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('gives a signed-in handler the early read failure as its own error', async () => {
    const app = appWith(
      async () => 'owner-1',
      async () => {
        throw new AppError(404, 'not_found', 'No encontramos este comercio.');
      },
    );
    const res = await app.inject({ method: 'PUT', url: '/things/7' });
    expect(res.statusCode).toBe(404);
  });
});
