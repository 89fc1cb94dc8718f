import type { PGlite } from '@electric-sql/pglite';
import { eq, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioEditable } from '#shared/api';
import { comercioInputSchema } from '#shared/schemas/comercio';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { auditLog, comercios, imagenes } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { pngImage } from '#test/server/imagenes';
import { updateComercio } from './owner-service';

const VALID = {
  nombre: 'Panadería La Espiga',
  categorias: ['Panadería'],
  telefono: '261 412-3456',
  direccion: 'Belgrano 567',
  localidad: 'Capital',
  descripcion: 'Pan de campo.',
  horario: '',
  email: '',
  whatsapp: '',
  servicios: '',
};
const promo = (titulo: string, extra: object = {}) => ({
  titulo,
  descuento: '10%',
  fechaVencimiento: '2099-12-31',
  ...extra,
});

const dialect = new PgDialect();

describe.each(DATABASE_KINDS)('an owner save on %s (ADR 008: two statements)', (kind) => {
  const ctx = useTestDatabase(kind);
  /** Every statement the app sends through drizzle (its own and Better Auth's), in order. */
  const statements: string[] = [];
  let t: TestApp;
  let ana = { cookie: '', userId: '' };

  beforeAll(async () => {
    // The same connection (pool or PGlite) behind a drizzle instance that logs each statement it sends.
    const client = (ctx.database.db as unknown as { $client: unknown }).$client;
    const logger = { logQuery: (query: string) => void statements.push(query) };
    const db = (kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
    t = await createTestApp({ ...ctx.database, db });
    ana = await signUp(t.app, 'ana@example.com');
    return () => t.app.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: ana.cookie } });
  const history = (id: number) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
      .orderBy(auditLog.id);
  const upload = async (width: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/imagenes',
        payload: await pngImage(width, 300),
        headers: { 'content-type': 'image/png', origin: TEST_ORIGIN, cookie: ana.cookie },
      })
    ).json<{ id: string }>().id;

  it('sends three statements: the session with its user and the read side by side, then one write (no BEGIN or COMMIT)', async () => {
    const created = (await call('POST', '/api/comercios', VALID)).json<{ id: number }>();
    await call('PUT', `/api/comercios/${created.id}/promociones`, {
      promociones: [promo('Queda igual'), promo('Cambia'), promo('Se va')],
    });
    const [keep, change] = (
      await t.app.inject({ url: `/api/comercios/${created.id}/editar`, headers: { cookie: ana.cookie } })
    ).json<ComercioEditable>().promociones;

    statements.length = 0;
    const res = await call('PUT', `/api/comercios/${created.id}`, {
      ...VALID,
      descripcion: 'Pan de campo y facturas.',
      promociones: [
        promo('Queda igual', { id: keep!.id }),
        promo('Cambió', { id: change!.id, descuento: '20%' }),
        promo('Nueva'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(statements).toHaveLength(3);
    // The read starts with the session lookup (route.ts `early`), so either may be sent first.
    const firstTwo = statements.slice(0, 2);
    expect(firstTwo.filter((s) => / from "session" .*left join lateral .* from "user"/.test(s))).toHaveLength(1);
    expect(firstTwo.filter((s) => /^SELECT row_to_json\(c\)/.test(s))).toHaveLength(1);
    expect(statements[2]).toMatch(/^WITH upd AS \(update "comercios"/);
    expect(statements.some((s) => /^(begin|commit)/i.test(s))).toBe(false);

    // What the one statement did: the business, the list and its history row, with the new promotion's id.
    const saved = res.json<ComercioEditable>();
    expect(saved.descripcion).toBe('Pan de campo y facturas.');
    expect(saved.promociones.map((p) => p.titulo).sort()).toEqual(['Cambió', 'Nueva', 'Queda igual']);
    const nueva = saved.promociones.find((p) => p.titulo === 'Nueva')!;
    const last = (await history(created.id)).at(-1)!;
    expect(last.action).toBe('editar_comercio');
    expect(last.before).toEqual({ descripcion: 'Pan de campo.' });
    expect(last.after).toEqual({
      descripcion: 'Pan de campo y facturas.',
      promociones: {
        agregadas: [{ id: nueva.id, titulo: 'Nueva' }],
        editadas: [{ id: change!.id, titulo: 'Cambió', campos: ['titulo', 'descuento'] }],
        eliminadas: [{ id: expect.any(Number), titulo: 'Se va' }],
      },
    });
  });

  it('works the save out again when the business changed between its read and its write', async () => {
    const created = (await call('POST', '/api/comercios', VALID)).json<{ id: number }>();
    const before = (await history(created.id)).length;
    // An operator features the business right after each of the first `races` reads of the save.
    let reads = 0;
    const racing = (races: number) =>
      new Proxy(ctx.database.db, {
        get(target, prop) {
          if (prop !== 'execute') return Reflect.get(target, prop, target) as unknown;
          return async (query: SQLWrapper) => {
            const result = await target.execute(query);
            const text = dialect.sqlToQuery(query.getSQL()).sql;
            if (/^SELECT row_to_json\(c\)/.test(text) && reads++ < races)
              await target
                .update(comercios)
                .set({ destacado: reads % 2 === 1 })
                .where(eq(comercios.id, created.id));
            return result;
          };
        },
      });
    const owner = { id: ana.userId, email: 'ana@example.com' };
    const values = (descripcion: string) => comercioInputSchema.parse({ ...VALID, descripcion });
    await updateComercio(racing(1), owner, created.id, values('Primera.'), undefined, new Date());
    expect(reads).toBe(2);
    let [row] = await ctx.database.db.select().from(comercios).where(eq(comercios.id, created.id));
    expect(row).toMatchObject({ descripcion: 'Primera.', destacado: true });

    // Racing every optimistic attempt: the save ends up holding the row lock, and still lands once.
    reads = 0;
    const saved = await updateComercio(racing(3), owner, created.id, values('Segunda.'), undefined, new Date());
    // Three raced reads; the fourth ran inside the locking transaction (its own handle, not this one).
    expect(reads).toBe(3);
    expect(saved.saved.descripcion).toBe('Segunda.');
    [row] = await ctx.database.db.select().from(comercios).where(eq(comercios.id, created.id));
    expect(row).toMatchObject({ descripcion: 'Segunda.', destacado: true });
    expect((await history(created.id)).length - before).toBe(2);
  });

  it('deletes only the images the save stopped using that nothing else uses, and refuses missing ones', async () => {
    const [own, shared, promoImg] = [await upload(311), await upload(312), await upload(313)];
    const created = (await call('POST', '/api/comercios', { ...VALID, imagen: own, galeria: [shared] })).json<{
      id: number;
    }>();
    await call('POST', '/api/comercios', { ...VALID, imagen: shared });
    // A promotion with the business's own picture: dropping the promotion keeps the picture.
    await call('PUT', `/api/comercios/${created.id}/promociones`, {
      promociones: [promo('Con foto', { imagen: own, imagen2: promoImg })],
    });
    expect((await call('PUT', `/api/comercios/${created.id}/promociones`, { promociones: [] })).statusCode).toBe(200);
    let left = (await ctx.database.db.select({ id: imagenes.id }).from(imagenes)).map((r) => r.id);
    expect(left).toContain(own);
    expect(left).not.toContain(promoImg);

    const res = await call('PUT', `/api/comercios/${created.id}`, { ...VALID, imagen: null, galeria: [] });
    expect(res.statusCode).toBe(200);
    left = (await ctx.database.db.select({ id: imagenes.id }).from(imagenes)).map((r) => r.id);
    expect(left).not.toContain(own);
    expect(left).toContain(shared); // the other business's main picture

    const missing = await call('PUT', `/api/comercios/${created.id}`, { ...VALID, imagen: 'f'.repeat(32) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('image_missing');
    const [row] = await ctx.database.db.select().from(comercios).where(eq(comercios.id, created.id));
    expect(row!.imagen).toBeNull();
  });
});
