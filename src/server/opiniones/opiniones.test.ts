import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client';
import { comercios, mailJobs, opiniones, user } from '#server/db/schema';
import { auditRows, caller, operatorSuite } from '#server/operador/testing';
import { signUp, TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';

describe.each(DATABASE_KINDS)('opinions on %s', (kind) => {
  const s = operatorSuite(kind, { owner: { email: 'duena@example.com', name: 'La Dueña' } });
  const { call, owner, operator } = s;
  let almacen = 0;
  let n = 0;

  /** A signed-up visitor whose email is verified (set directly: the verification flow has its own tests). */
  const visitor = async (name = 'Vecina') => {
    const account = await signUp(s.t.app, `vecina${++n}@example.com`, name);
    await s.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.userId));
    return account;
  };
  const opinar = (cookie: string, id: number, estrellas: number, texto = 'Muy buena atención, recomendable.') =>
    call('PUT', `/api/comercios/${id}/mi-opinion`, cookie, { estrellas, texto });
  const ratingOf = async (id: number) => {
    const [row] = await s.database.db
      .select({ rating: comercios.rating, count: comercios.opinionesCount })
      .from(comercios)
      .where(eq(comercios.id, id));
    return row!;
  };

  beforeAll(async () => {
    almacen = await insertComercio(s.database.db, new Date(), {
      nombre: 'Almacén Don Pepe',
      propietarioId: owner.userId,
    });
  });

  it('keeps one opinion per account and business: writing again edits it, and the rating follows', async () => {
    const v = await visitor('Vecina Uno');
    const first = await opinar(v.cookie, almacen, 5, 'Excelente atención, volvería.');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ estrellas: 5, autor: 'Vecina Uno', respuesta: null });
    expect(await ratingOf(almacen)).toEqual({ rating: 5, count: 1 });

    const again = await opinar(v.cookie, almacen, 3, '  Bien, aunque tardaron un poco.  ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, estrellas: 3, texto: 'Bien, aunque tardaron un poco.' });
    expect(await ratingOf(almacen)).toEqual({ rating: 3, count: 1 });
    const rows = await s.database.db.select().from(opiniones).where(eq(opiniones.userId, v.userId));
    expect(rows).toHaveLength(1);
    // The database refuses a second row even if the service did not.
    await expect(
      s.database.db
        .insert(opiniones)
        .values({ comercioId: almacen, userId: v.userId, estrellas: 4, texto: 'Otra vez yo acá.' }),
    ).rejects.toThrow();

    const mine = await call('GET', `/api/comercios/${almacen}/mi-opinion`, v.cookie);
    expect(mine.json().opinion).toMatchObject({ estrellas: 3 });
    // The author deletes it: the business has none again.
    expect((await call('DELETE', `/api/comercios/${almacen}/mi-opinion`, v.cookie)).statusCode).toBe(204);
    expect(await ratingOf(almacen)).toEqual({ rating: 0, count: 0 });
    expect((await call('GET', `/api/comercios/${almacen}/mi-opinion`, v.cookie)).json().opinion).toBeNull();
  });

  it("refuses the owner's own business, an unverified email, a guest and bad input, in Spanish", async () => {
    await s.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.userId));
    const own = await opinar(owner.cookie, almacen, 5);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('No podés opinar sobre tu propio comercio.');

    const unverified = await signUp(s.t.app, 'sin-verificar@example.com', 'Sin Verificar');
    const refused = await opinar(unverified.cookie, almacen, 4);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Confirmá tu email para opinar. Te enviamos un enlace.');

    expect((await opinar('', almacen, 4)).statusCode).toBe(401);
    const v = await visitor();
    const short = await opinar(v.cookie, almacen, 4, 'Corto   ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Tu opinión debe tener al menos 10 caracteres.');
    expect((await opinar(v.cookie, almacen, 6)).json().error.message).toBe('Elegí de 1 a 5 estrellas.');
    expect((await opinar(v.cookie, almacen, 4, 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await opinar(v.cookie, almacen, 4, 'Texto con \u202Eengaño dentro')).statusCode).toBe(400);
    const borrador = await insertComercio(s.database.db, new Date(), { pagadoHaceDias: null });
    expect((await opinar(v.cookie, borrador, 4)).statusCode).toBe(404);
    expect(await ratingOf(almacen)).toEqual({ rating: 0, count: 0 });
  });

  it('stops counting an opinion an operator hid from a report, and leaves the page without it', async () => {
    const kiosco = await insertComercio(s.database.db, new Date(), { nombre: 'Kiosco' });
    const a = await visitor('Ana');
    const b = await visitor('Beto');
    await opinar(a.cookie, kiosco, 5, 'Siempre tienen de todo, gracias.');
    const bad = (await opinar(b.cookie, kiosco, 1, 'Texto ofensivo que no corresponde.')).json();
    expect(await ratingOf(kiosco)).toEqual({ rating: 3, count: 2 });

    /** "Denunciar" on this opinion, as a guest or (with `cookie`) signed in. */
    const reportBad = (motivo: string, cookie?: string, address = '203.0.113.9') =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/denuncias',
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        remoteAddress: address,
        payload: { comercioId: kiosco, opinionId: bad.id, motivo },
      });
    const report = await reportBad('contenido_ofensivo');
    expect(report.statusCode).toBe(201);
    // Its author, signed in, cannot report it (a stranger's round did): they can edit or delete it instead.
    const own = await reportBad('otro', b.cookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('Esta opinión es tuya: si querés cambiarla o borrarla, tocá Opinar.');
    const byOther = await reportBad('otro', a.cookie);
    expect(byOther.statusCode).toBe(201);
    const queue = (await call('GET', '/api/operador/denuncias', operator.cookie)).json();
    const item = queue.items.find((d: { opinion: { id: number } | null }) => d.opinion?.id === bad.id);
    expect(item).toMatchObject({ comercioId: kiosco, opinion: { autor: 'Beto', estrellas: 1, oculta: false } });

    const hide = await call('POST', `/api/operador/denuncias/${item.id}/resolver`, operator.cookie, {
      accion: 'ocultar',
      nota: 'Lenguaje ofensivo',
    });
    expect(hide.statusCode).toBe(200);
    expect(await ratingOf(kiosco)).toEqual({ rating: 5, count: 1 });
    const [comercio] = await s.database.db.select().from(comercios).where(eq(comercios.id, kiosco));
    expect(comercio!.ocultoMotivo).toBeNull(); // the business itself stays published
    const page = (await call('GET', `/api/comercios/${kiosco}`, null)).json();
    expect(page.opinionesResumen.items.map((o: { autor: string }) => o.autor)).toEqual(['Ana']);
    expect(page.opinionesResumen.distribucion).toEqual([0, 0, 0, 0, 1]);
    expect(page).toMatchObject({ rating: 5, opiniones: 1 });
    const audit = (await auditRows(s.database.db)).at(-1)!;
    expect(audit).toMatchObject({ action: 'ocultar_opinion', targetType: 'opinion', targetId: String(bad.id) });
    // Editing a hidden opinion does not bring it back.
    await opinar(b.cookie, kiosco, 2, 'Lo escribo de nuevo, distinto.');
    expect(await ratingOf(kiosco)).toEqual({ rating: 5, count: 1 });
    // A hidden opinion cannot be reported again.
    const again = await reportBad('otro', undefined, '203.0.113.10');
    expect(again.statusCode).toBe(404);
  });

  it('computes the right rating after many accounts write at once', async () => {
    const panaderia = await insertComercio(s.database.db, new Date(), { nombre: 'Panadería' });
    const visitors = await Promise.all(Array.from({ length: 12 }, (_, i) => visitor(`Concurrente ${i}`)));
    const stars = visitors.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(visitors.map((v, i) => opinar(v.cookie, panaderia, stars[i]!)));
    expect(answers.map((r) => r.statusCode)).toEqual(visitors.map(() => 201));
    // And a second round at once: half edit, half delete.
    const second = await Promise.all(
      visitors.map((v, i) =>
        i % 2 === 0
          ? opinar(v.cookie, panaderia, 5)
          : call('DELETE', `/api/comercios/${panaderia}/mi-opinion`, v.cookie),
      ),
    );
    expect(second.every((r) => r.statusCode < 300)).toBe(true);
    const [truth] = await queryRows<{ avg: number; n: number }>(
      s.database.db,
      sql`SELECT avg(estrellas)::real AS avg, count(*)::int AS n FROM opiniones WHERE comercio_id = ${panaderia}`,
    );
    expect(truth).toEqual({ avg: 5, n: 6 });
    expect(await ratingOf(panaderia)).toEqual({ rating: 5, count: 6 });
  });

  it('lets the owner answer once (editable), shown under the opinion; nobody else can', async () => {
    const cafe = await insertComercio(s.database.db, new Date(), { nombre: 'Café', propietarioId: owner.userId });
    const v = await visitor('Carla');
    const op = (await opinar(v.cookie, cafe, 4, 'Rico café, algo caro.')).json();
    const url = `/api/opiniones/${op.id}/respuesta`;
    expect((await call('PUT', url, v.cookie, { respuesta: 'Yo no soy la dueña' })).statusCode).toBe(404);
    const answered = await call('PUT', url, owner.cookie, { respuesta: '¡Gracias por venir!' });
    expect(answered.statusCode).toBe(200);
    const edited = await call('PUT', url, owner.cookie, { respuesta: '¡Gracias, Carla! Te esperamos.' });
    expect(edited.json()).toMatchObject({ respuesta: '¡Gracias, Carla! Te esperamos.' });
    const page = (await call('GET', `/api/comercios/${cafe}`, null)).json();
    expect(page.opinionesResumen.items[0]).toMatchObject({
      texto: 'Rico café, algo caro.',
      respuesta: '¡Gracias, Carla! Te esperamos.',
    });
    const recibidas = (await call('GET', `/api/mis-comercios/${cafe}/opiniones`, owner.cookie)).json();
    expect(recibidas).toMatchObject({ sinResponder: 0, items: [{ id: op.id, autor: 'Carla' }] });
    expect((await call('GET', `/api/mis-comercios/${cafe}/opiniones`, v.cookie)).statusCode).toBe(404);
  });

  it('queues one email to the owner per new opinion, none for an edit or a business without owner', async () => {
    const libreria = await insertComercio(s.database.db, new Date(), {
      nombre: 'Librería',
      propietarioId: owner.userId,
    });
    const v = await visitor();
    const op = (await opinar(v.cookie, libreria, 5, 'Encontré el libro que buscaba.')).json();
    await opinar(v.cookie, libreria, 4, 'Encontré el libro que buscaba, bien.');
    const jobs = await s.database.db.select().from(mailJobs).where(eq(mailJobs.opinionId, op.id));
    expect(jobs).toMatchObject([{ kind: 'opinion', dedupeKey: `opinion:${op.id}`, userId: owner.userId }]);
  });

  it('pages opinions newest first, five at a time, and sorts the grid by "Mejor valorados" across pages', async () => {
    const ferreteria = await insertComercio(s.database.db, new Date(), {
      nombre: 'Ferretería',
      categoria: 'Ferretería',
    });
    const vs = await Promise.all(Array.from({ length: 7 }, (_, i) => visitor(`Autor ${i}`)));
    for (const [i, v] of vs.entries()) {
      s.t.setNow(new Date(Date.now() + i * 60_000));
      await opinar(v.cookie, ferreteria, 4);
    }
    s.t.setNow(new Date());
    const page1 = (await call('GET', `/api/comercios/${ferreteria}`, null)).json().opinionesResumen;
    expect(page1.items.map((o: { autor: string }) => o.autor)).toEqual([
      'Autor 6',
      'Autor 5',
      'Autor 4',
      'Autor 3',
      'Autor 2',
    ]);
    expect(page1.hasMore).toBe(true);
    const page2 = (await call('GET', `/api/comercios/${ferreteria}/opiniones?page=2`, null)).json();
    expect(page2).toMatchObject({ page: 2, hasMore: false });
    expect(page2.items.map((o: { autor: string }) => o.autor)).toEqual(['Autor 1', 'Autor 0']);

    // 14 businesses in one category with ratings and ties: two pages, no overlap, in order.
    const ids: number[] = [];
    for (let i = 0; i < 14; i++)
      ids.push(
        await insertComercio(s.database.db, new Date(), {
          nombre: `Zapatería ${String(i).padStart(2, '0')}`,
          categoria: 'Zapatería',
        }),
      );
    const w = await visitor();
    for (const [i, id] of ids.entries()) if (i % 3 !== 2) await opinar(w.cookie, id, (i % 5) + 1);
    const list = async (page: number) =>
      (await call('GET', `/api/comercios?categoria=Zapater%C3%ADa&orden=valorados&page=${page}`, null)).json();
    const [p1, p2] = [await list(1), await list(2)];
    const got = [...p1.items, ...p2.items] as { id: number; rating: number; opiniones: number; nombre: string }[];
    expect(got).toHaveLength(14);
    expect(new Set(got.map((c) => c.id)).size).toBe(14);
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [got[i - 1]!, got[i]!];
      expect(a.rating > b.rating || (a.rating === b.rating && a.opiniones >= b.opiniones)).toBe(true);
    }
    expect(got.at(-1)).toMatchObject({ rating: 0, opiniones: 0 });
    expect((await call('GET', '/api/comercios?orden=peores', null)).statusCode).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('opinion write limits on %s', (kind) => {
  const s = operatorSuite(kind);
  it('limits writes per account in the shared database', async () => {
    const c = await insertComercio(s.database.db, new Date());
    const v = await signUp(s.t.app, 'limite@example.com', 'Límite');
    await s.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, v.userId));
    const put = () =>
      caller(s.t.app)('PUT', `/api/comercios/${c}/mi-opinion`, v.cookie, {
        estrellas: 4,
        texto: 'Una opinión cualquiera.',
      });
    for (let i = 0; i < 20; i++) expect((await put()).statusCode).toBeLessThan(300);
    const limited = await put();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Escribiste muchas opiniones seguidas. Esperá un rato y volvé a intentar.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
