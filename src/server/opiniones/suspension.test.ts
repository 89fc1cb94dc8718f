import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { favoritos, opiniones, user } from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { addFavorito, mergeFavoritos } from '#server/favoritos/cuenta';
import { auditRows, operatorSuite } from '#server/operador/testing';
import { ACCOUNT_SUSPENDED, suspendAccount } from '#server/operador/suspension';
import { signUp, TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { sandboxOrderBody } from '#test/server/pagos';
import { checkInvariants } from '#test/server/invariants';
import { responderOpinion, saveOpinion } from './service';
import { OPINION_AUTOR_SUSPENDIDO } from './suspension';

type Card = { id: number; rating: number; opiniones: number };
type Page = {
  rating: number;
  opiniones: number;
  opinionesResumen: { distribucion: number[]; items: { autor: string }[] };
};

/**
 * A suspended account's opinions (ADR 042): they leave the pages and stop counting while it is suspended, and
 * come back with a reinstatement; one an operator hid stays hidden. The public cache is on, so each read below
 * also shows that the suspension marked the business's page and its lists stale.
 */
describe.each(DATABASE_KINDS)("a suspended account's opinions on %s", (kind) => {
  const s = operatorSuite(kind, {
    owner: { email: 'duena@example.com', name: 'La Dueña', password: 'clave-duena' },
    operatorPassword: 'clave-opera',
    app: { env: { PUBLIC_CACHE_TTL_MS: '600000' } },
  });
  const { call, owner, operator } = s;
  const actor = () => ({ id: operator.userId, email: 'opera@example.com' });
  let almacen = 0;
  let kiosco = 0;
  let n = 0;

  const visitor = async (name: string) => {
    const account = await signUp(s.t.app, `vecino${++n}@example.com`, name);
    await s.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.userId));
    return account;
  };
  const opinar = (cookie: string, id: number, estrellas: number, texto: string) =>
    call('PUT', `/api/comercios/${id}/mi-opinion`, cookie, { estrellas, texto });
  const page = async (id: number) => (await call('GET', `/api/comercios/${id}`, null)).json<Page>();
  const autores = (p: Page) => p.opinionesResumen.items.map((o) => o.autor);
  /** The business's card in the "Mejor valorados" grid of its category, and in the plain grid. */
  const cards = async (id: number) => {
    const find = async (url: string) =>
      (await call('GET', url, null)).json<{ items: Card[] }>().items.find((c) => c.id === id);
    return {
      valorados: await find('/api/comercios?categoria=Almac%C3%A9n&orden=valorados'),
      grilla: await find('/api/comercios?categoria=Almac%C3%A9n'),
    };
  };
  const suspender = (userId: string) =>
    call('POST', `/api/operador/cuentas/${userId}/suspender`, operator.cookie, {
      motivo: 'Reseñas falsas pagas',
      password: 'clave-opera',
    });
  const reincorporar = (userId: string) =>
    call('POST', `/api/operador/cuentas/${userId}/reincorporar`, operator.cookie, { motivo: 'Revisado, era otra' });
  const opinionOf = async (userId: string, comercioId: number) => {
    const [row] = await s.database.db
      .select()
      .from(opiniones)
      .where(and(eq(opiniones.userId, userId), eq(opiniones.comercioId, comercioId)));
    return row!;
  };

  beforeAll(async () => {
    // Paid through the sandbox, so the ledger invariants hold for it too.
    almacen = await insertComercio(s.database.db, new Date(), {
      nombre: 'Almacén La Esquina',
      categoria: 'Almacén',
      propietarioId: owner.userId,
      pagadoHaceDias: null,
    });
    const paid = await call('POST', '/api/payments/process_order', owner.cookie, sandboxOrderBody(almacen));
    expect(paid.json()).toMatchObject({ status: 'processed' });
    kiosco = await insertComercio(s.database.db, new Date(), { nombre: 'Kiosco Centro', categoria: 'Almacén' });
  });

  it('hides them and recomputes the ratings on suspension, and brings back only those on reinstatement', async () => {
    const sus = await visitor('Autora Suspendida');
    const otra = await visitor('Vecina Fiel');
    expect((await opinar(sus.cookie, almacen, 1, 'Pésimo, no vayan nunca jamás.')).statusCode).toBe(201);
    expect((await opinar(otra.cookie, almacen, 5, 'Atención excelente, siempre.')).statusCode).toBe(201);
    expect((await opinar(sus.cookie, kiosco, 2, 'Caro y desordenado el kiosco.')).statusCode).toBe(201);
    expect((await opinar(otra.cookie, kiosco, 4, 'Buen kiosco, abre temprano.')).statusCode).toBe(201);
    // An operator hides her opinion on the kiosco (from a report) before the suspension.
    const kioscoOpinion = await opinionOf(sus.userId, kiosco);
    const report = await s.t.app.inject({
      method: 'POST',
      url: '/api/denuncias',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '203.0.113.20',
      payload: { comercioId: kiosco, opinionId: kioscoOpinion.id, motivo: 'contenido_ofensivo' },
    });
    expect(report.statusCode).toBe(201);
    const hide = await call('POST', `/api/operador/denuncias/${report.json().id}/resolver`, operator.cookie, {
      accion: 'ocultar',
      nota: 'Insulta al dueño',
    });
    expect(hide.statusCode).toBe(200);

    // Read (and cached) before the suspension.
    const before = await page(almacen);
    expect(before).toMatchObject({ rating: 3, opiniones: 2 });
    expect(autores(before)).toEqual(['Vecina Fiel', 'Autora Suspendida']);
    expect(await cards(almacen)).toMatchObject({
      valorados: { rating: 3, opiniones: 2 },
      grilla: { rating: 3, opiniones: 2 },
    });
    expect(await page(kiosco)).toMatchObject({ rating: 4, opiniones: 1 });

    expect((await suspender(sus.userId)).statusCode).toBe(200);
    const during = await page(almacen);
    expect(during).toMatchObject({ rating: 5, opiniones: 1 });
    expect(autores(during)).toEqual(['Vecina Fiel']);
    expect(during.opinionesResumen.distribucion).toEqual([0, 0, 0, 0, 1]);
    const more = (await call('GET', `/api/comercios/${almacen}/opiniones?page=1`, null)).json<
      Page['opinionesResumen']
    >();
    expect(more.items.map((o) => o.autor)).toEqual(['Vecina Fiel']);
    expect(await cards(almacen)).toMatchObject({
      valorados: { rating: 5, opiniones: 1 },
      grilla: { rating: 5, opiniones: 1 },
    });
    expect(await opinionOf(sus.userId, almacen)).toMatchObject({
      ocultoPor: 'suspension',
      // The owner reads this on their card; the operator's reason is about the author and stays in the console.
      ocultoMotivo: OPINION_AUTOR_SUSPENDIDO,
    });
    // The one the operator hid keeps the operator's hiding.
    expect(await opinionOf(sus.userId, kiosco)).toMatchObject({
      ocultoPor: 'moderacion',
      ocultoMotivo: 'Insulta al dueño',
    });
    const recibidas = (await call('GET', `/api/mis-comercios/${almacen}/opiniones`, owner.cookie)).json<{
      items: { autor: string; ocultoMotivo: string | null }[];
      sinResponder: number;
    }>();
    expect(recibidas.items.find((o) => o.autor === 'Autora Suspendida')?.ocultoMotivo).toBe(OPINION_AUTOR_SUSPENDIDO);
    expect(recibidas.sinResponder).toBe(1);
    const suspension = (await auditRows(s.database.db)).at(-1)!;
    expect(suspension).toMatchObject({ action: 'suspender_cuenta', targetId: sus.userId });
    expect(suspension.after).toMatchObject({ opinionesOcultas: [(await opinionOf(sus.userId, almacen)).id] });
    expect(await checkInvariants(s.database.db)).toEqual([]);

    expect((await reincorporar(sus.userId)).statusCode).toBe(200);
    const after = await page(almacen);
    expect(after).toMatchObject({ rating: 3, opiniones: 2 });
    expect(autores(after)).toEqual(autores(before));
    expect(after.opinionesResumen.distribucion).toEqual([1, 0, 0, 0, 1]);
    expect(await cards(almacen)).toMatchObject({
      valorados: { rating: 3, opiniones: 2 },
      grilla: { rating: 3, opiniones: 2 },
    });
    expect(await opinionOf(sus.userId, almacen)).toMatchObject({ ocultoPor: null, ocultoMotivo: null, ocultoAt: null });
    // Still hidden by the operator: the kiosco keeps counting only the other opinion.
    expect(await opinionOf(sus.userId, kiosco)).toMatchObject({ ocultoPor: 'moderacion' });
    expect(await page(kiosco)).toMatchObject({ rating: 4, opiniones: 1 });
    expect((await auditRows(s.database.db)).at(-1)!.after).toMatchObject({
      opinionesRestauradas: [(await opinionOf(sus.userId, almacen)).id],
    });
    expect(await checkInvariants(s.database.db)).toEqual([]);
  });

  it('lets a moderator hide an opinion its suspension hid, and it stays hidden after the reinstatement', async () => {
    const sus = await visitor('Autor Denunciado');
    expect((await opinar(sus.cookie, kiosco, 1, 'Me atendieron muy mal ahí.')).statusCode).toBe(201);
    const opinion = await opinionOf(sus.userId, kiosco);
    // Reported while visible; the report is resolved after the suspension hid it.
    const report = await s.t.app.inject({
      method: 'POST',
      url: '/api/denuncias',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '203.0.113.21',
      payload: { comercioId: kiosco, opinionId: opinion.id, motivo: 'contenido_ofensivo' },
    });
    expect(report.statusCode).toBe(201);
    expect((await suspender(sus.userId)).statusCode).toBe(200);
    const hide = await call('POST', `/api/operador/denuncias/${report.json().id}/resolver`, operator.cookie, {
      accion: 'ocultar',
      nota: 'Falso',
    });
    expect(hide.statusCode).toBe(200);
    expect(await opinionOf(sus.userId, kiosco)).toMatchObject({ ocultoPor: 'moderacion', ocultoMotivo: 'Falso' });
    expect((await reincorporar(sus.userId)).statusCode).toBe(200);
    expect(await opinionOf(sus.userId, kiosco)).toMatchObject({ ocultoPor: 'moderacion' });
    expect(autores(await page(kiosco))).not.toContain('Autor Denunciado');
    expect(await checkInvariants(s.database.db)).toEqual([]);
  });

  it("refuses a suspended account's opinion, answer and favourite, in Spanish, even past the session check", async () => {
    const sus = await visitor('Vecino Suspendido');
    expect((await opinar(sus.cookie, almacen, 4, 'Buena variedad de productos.')).statusCode).toBe(201);
    const otro = await visitor('Vecino Activo');
    expect((await opinar(otro.cookie, almacen, 5, 'Muy recomendable el almacén.')).statusCode).toBe(201);
    const { id: otraId } = await opinionOf(otro.userId, almacen);
    await suspendAccount(s.database.db, actor(), sus.userId, 'Spam', new Date());
    await suspendAccount(s.database.db, actor(), owner.userId, 'Spam', new Date());

    // Its session ended with the suspension: over HTTP it is a guest.
    expect((await opinar(sus.cookie, kiosco, 4, 'Lo intento de nuevo igual.')).statusCode).toBe(401);
    // A request that passed the session check before the suspension reaches the service after it.
    const refused = async (write: Promise<unknown>) => {
      const err = await write.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 403, message: ACCOUNT_SUSPENDED });
    };
    const now = new Date();
    // Writing a new one, and editing (which would bring nothing back: it stays hidden and unchanged).
    await refused(saveOpinion(s.database.db, sus.userId, kiosco, { estrellas: 5, texto: 'Una opinión nueva.' }, now));
    await refused(saveOpinion(s.database.db, sus.userId, almacen, { estrellas: 1, texto: 'Cambio mi opinión.' }, now));
    expect(await opinionOf(sus.userId, almacen)).toMatchObject({ estrellas: 4, ocultoPor: 'suspension' });
    // The suspended owner answering an opinion on their business.
    await refused(responderOpinion(s.database.db, owner.userId, otraId, 'Gracias por venir.', now));
    expect((await opinionOf(otro.userId, almacen)).respuesta).toBeNull();
    // Favourites, one and merged.
    await refused(addFavorito(s.database.db, sus.userId, { kind: 'comercio', id: kiosco }, now));
    await refused(mergeFavoritos(s.database.db, sus.userId, [{ kind: 'comercio', id: kiosco }], now));
    expect(await s.database.db.select().from(favoritos).where(eq(favoritos.userId, sus.userId))).toEqual([]);
    expect(await checkInvariants(s.database.db)).toEqual([]);
  });
});
