import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioEditable } from '#shared/api';
import { comercios } from '#server/db/schema';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY, MINIMAL_PROMO_BODY } from '#test/server/fixtures';
import { EDIT_CONFLICT } from './owner-service';

const VALID = { ...MINIMAL_COMERCIO_BODY, descripcion: 'Pan de campo.' };
const promo = (titulo: string) => ({ ...MINIMAL_PROMO_BODY, titulo });

/**
 * Found in a stranger's round: two tabs of the same edit form, the second save silently put back what the first
 * had changed and deleted its new promotion. A save carries the revision its form opened with.
 */
describe.each(DATABASE_KINDS)('two tabs editing one business, on %s', (kind) => {
  const ctx = useTestApp(kind);
  let owner = { cookie: '', userId: '' };
  let id = 0;

  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'dos-pestanas@example.com');
    id = (await call('POST', '/api/comercios', VALID)).json<{ id: number }>().id;
  });

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return ctx.t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: owner.cookie } });
  }
  const editable = async () => (await call('GET', `/api/comercios/${id}/editar`)).json<ComercioEditable>();
  const form = (e: ComercioEditable) => ({
    ...VALID,
    descripcion: e.descripcion,
    telefono: e.telefono,
    promociones: e.promociones.map(({ id: promoId, titulo, descuento, fechaVencimiento }) => ({
      id: promoId,
      titulo,
      descuento,
      fechaVencimiento,
    })),
    revision: e.revision,
  });

  it("refuses the second tab's save with a 409 and keeps the first tab's, promotions included", async () => {
    const tabA = await editable();
    const tabB = await editable();
    expect(tabA.revision).toMatch(/^[\w-]{22}$/);
    expect(tabB.revision).toBe(tabA.revision);

    const savedA = await call('PUT', `/api/comercios/${id}`, {
      ...form(tabA),
      descripcion: 'Pan de campo y facturas.',
      promociones: [promo('Promo de la pestaña A')],
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    const afterA = savedA.json<ComercioEditable>();
    expect(afterA.revision).not.toBe(tabA.revision);

    const savedB = await call('PUT', `/api/comercios/${id}`, { ...form(tabB), telefono: '261 400-0000' });
    expect(savedB.statusCode).toBe(409);
    expect(savedB.json()).toEqual({ error: { code: 'edit_conflict', message: EDIT_CONFLICT } });

    const stored = await editable();
    expect(stored.descripcion).toBe('Pan de campo y facturas.');
    expect(stored.telefono).toBe(VALID.telefono);
    expect(stored.promociones.map((p) => p.titulo)).toEqual(['Promo de la pestaña A']);
    // What the save answered is where a form that stays open goes on from.
    expect(stored.revision).toBe(afterA.revision);
  });

  it('is not refused for what the owner does not edit (a rating, a payment), nor without a revision', async () => {
    const opened = await editable();
    await ctx.database.db
      .update(comercios)
      .set({ rating: 4.5, opinionesCount: 3, pagoStatus: true, fechaPago: new Date() })
      .where(eq(comercios.id, id));
    const saved = await call('PUT', `/api/comercios/${id}`, { ...form(opened), telefono: '261 499-1111' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ComercioEditable>().telefono).toBe('261 499-1111');

    // An API client that never opened the form (no revision) saves over whatever is stored, as before.
    const { revision: _unused, ...blind } = form(await editable());
    expect((await call('PUT', `/api/comercios/${id}`, { ...blind, telefono: '261 488-2222' })).statusCode).toBe(200);
  });
});
