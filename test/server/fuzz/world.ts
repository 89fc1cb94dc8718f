import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sandboxOrderBody } from '#test/server/pagos';
import { queryRows, type Db } from '#server/db/client';
import { cookieHeader, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { pngImage } from '#test/server/imagenes';

/**
 * The fuzz's world: a guest and two owners, each owner with a published (paid) business and a draft, both
 * with promotions and an uploaded image; and the before/after picture of every row, by whom it belongs to.
 */

export type ActorName = 'guest' | 'A' | 'B';

export interface Actor {
  name: ActorName;
  userId: string | null;
  email: string;
  password: string;
  cookie: string;
}

export interface World {
  actors: Record<ActorName, Actor>;
  /** Each owner's businesses (refreshed after every case). */
  comercios: Record<'A' | 'B', number[]>;
  /** Each owner's uploaded images. */
  imagenes: Record<'A' | 'B', string[]>;
  /** An id no business has. */
  missingId: number;
  /** Ids of orders the sandbox made (for webhooks that name a real order). */
  orderIds: string[];
}

export const VALID_COMERCIO = {
  nombre: 'Panadería La Espiga',
  categorias: ['Panadería'],
  telefono: '261 412-3456',
  direccion: 'Perú 1450',
  localidad: 'Capital',
  descripcion: 'Pan casero todos los días.',
};

export const validPromocion = (titulo: string) => ({
  titulo,
  descripcion: 'Todos los martes',
  descuento: '20%',
  fechaVencimiento: '2099-12-31',
});

async function call(
  t: TestApp,
  actor: Actor,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, cookie: actor.cookie, ...headers },
  });
  if (res.statusCode >= 300) throw new Error(`fuzz setup: ${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json<Record<string, unknown>>();
}

/** A business of the owner through the API, with promotions and its image; paid (published) when asked. */
async function addComercio(t: TestApp, world: World, owner: 'A' | 'B', publish: boolean): Promise<void> {
  const actor = world.actors[owner];
  const imagen = world.imagenes[owner][0] ?? null;
  const created = await call(t, actor, 'POST', '/api/comercios', {
    ...VALID_COMERCIO,
    nombre: `Comercio de ${owner} ${randomBytes(3).toString('hex')}`,
    imagen,
  });
  const id = created.id as number;
  await call(t, actor, 'PUT', `/api/comercios/${id}/promociones`, {
    promociones: [validPromocion('2x1 en facturas'), validPromocion('Café gratis')],
  });
  if (publish) {
    const paid = await call(t, actor, 'POST', '/api/payments/process_order', sandboxOrderBody(id));
    if (paid.status !== 'processed') throw new Error(`fuzz setup: payment not processed: ${JSON.stringify(paid)}`);
    world.orderIds.push(paid.order_id as string);
  }
  world.comercios[owner].push(id);
}

export async function createWorld(t: TestApp): Promise<World> {
  const actors = {} as Record<ActorName, Actor>;
  actors.guest = { name: 'guest', userId: null, email: 'invitado@example.com', password: '', cookie: '' };
  for (const name of ['A', 'B'] as const) {
    // A password the generators never produce, so only the harness can sign these owners in.
    const password = `Fz-${randomBytes(12).toString('hex')}`;
    const email = `duenio-${name.toLowerCase()}@example.com`;
    const { cookie, userId } = await signUp(t.app, email, `Dueño ${name}`, password);
    actors[name] = { name, userId, email, password, cookie };
  }
  const world: World = {
    actors,
    comercios: { A: [], B: [] },
    imagenes: { A: [], B: [] },
    missingId: 2_000_000_000,
    orderIds: [],
  };
  const png = await pngImage(320, 200);
  for (const owner of ['A', 'B'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imagenes',
      payload: png,
      headers: { origin: TEST_ORIGIN, cookie: actors[owner].cookie, 'content-type': 'image/png' },
    });
    if (res.statusCode !== 201) throw new Error(`fuzz setup: upload → ${res.statusCode} ${res.body}`);
    world.imagenes[owner].push(res.json<{ id: string }>().id);
    await addComercio(t, world, owner, true);
    await addComercio(t, world, owner, false);
  }
  return world;
}

/** After a case: the owners still have a live session and a published business and a draft to attack. */
export async function restoreWorld(t: TestApp, world: World, snapshot: Snapshot): Promise<boolean> {
  let changed = false;
  for (const owner of ['A', 'B'] as const) {
    const actor = world.actors[owner];
    const session = await t.deps.auth.api
      .getSession({ headers: new Headers({ cookie: actor.cookie }) })
      .catch(() => null);
    if (!session || session.user.id !== actor.userId) {
      // Straight to Better Auth: the HTTP limits the fuzz is hammering must not lock the harness out.
      const res = await t.deps.auth.api.signInEmail({
        body: { email: actor.email, password: actor.password },
        asResponse: true,
      });
      if (res.status !== 200)
        throw new Error(`fuzz: owner ${owner} can no longer sign in (${res.status}): was the account taken over?`);
      actor.cookie = cookieHeader(res.headers.getSetCookie());
      changed = true;
    }
    const mine = [...snapshot.comercios.values()].filter((c) => c.owner === actor.userId);
    world.comercios[owner] = mine.map((c) => c.id);
    world.imagenes[owner] = [...snapshot.rows.entries()]
      .filter(([k, r]) => k.startsWith('imagen:') && r.owner === actor.userId)
      .map(([k]) => k.slice('imagen:'.length));
    if (!mine.some((c) => c.pagoStatus)) {
      await addComercio(t, world, owner, true);
      changed = true;
    }
    if (mine.length < 2) {
      await addComercio(t, world, owner, false);
      changed = true;
    }
  }
  return changed;
}

export interface ComercioPaymentFields {
  id: number;
  owner: string | null;
  pagoStatus: boolean;
  fechaPago: string | null;
  destacado: boolean;
}

export interface Snapshot {
  /** Every row that belongs to someone: key → its owner (user id, or null for nobody's) and a hash of its content. */
  rows: Map<string, { owner: string | null; hash: string }>;
  comercios: Map<number, ComercioPaymentFields>;
  /** Payments that published their business, by payment id → business id. */
  applied: Map<number, number | null>;
  users: Set<string>;
}

export async function takeSnapshot(db: Db): Promise<Snapshot> {
  const rows = await queryRows<{ key: string; owner: string | null; hash: string }>(
    db,
    // An image's medium variant is left out: a public GET may make it for an older row (imagenes/medium.ts).
    sql`SELECT 'comercio:' || c.id AS key, c.propietario_id AS owner, md5(row(c.*)::text) AS hash FROM comercios c
        UNION ALL SELECT 'promocion:' || p.id, c.propietario_id, md5(row(p.*)::text) FROM promociones p LEFT JOIN comercios c ON c.id = p.comercio_id
        UNION ALL SELECT 'pago:' || g.id, g.user_id, md5(row(g.*)::text) FROM pagos g
        UNION ALL SELECT 'imagen:' || i.id, i.uploaded_by, md5(concat_ws('|', i.width, i.height, i.uploaded_by, length(i.thumb), length(i.large))) FROM imagenes i
        UNION ALL SELECT 'user:' || u.id, u.id, md5(concat_ws('|', u.name, u.email, u.email_verified, u.image)) FROM "user" u
        UNION ALL SELECT 'account:' || a.id, a.user_id, md5(concat_ws('|', a.account_id, a.provider_id, a.password, a.access_token, a.id_token)) FROM account a
        UNION ALL SELECT 'session:' || s.id, s.user_id, md5(s.token) FROM session s`,
  );
  const comercios = await queryRows<{
    id: number;
    owner: string | null;
    pago_status: boolean;
    fecha_pago: string | null;
    destacado: boolean;
  }>(
    db,
    sql`SELECT id, propietario_id AS owner, pago_status, fecha_pago::text AS fecha_pago, destacado FROM comercios`,
  );
  const applied = await queryRows<{ id: number; comercio_id: number | null }>(
    db,
    sql`SELECT id, comercio_id FROM pagos WHERE applied_at IS NOT NULL`,
  );
  return {
    rows: new Map(rows.map((r) => [r.key, { owner: r.owner, hash: r.hash }])),
    comercios: new Map(
      comercios.map((c) => [
        c.id,
        { id: c.id, owner: c.owner, pagoStatus: c.pago_status, fechaPago: c.fecha_pago, destacado: c.destacado },
      ]),
    ),
    applied: new Map(applied.map((a) => [a.id, a.comercio_id])),
    users: new Set(rows.filter((r) => r.key.startsWith('user:')).map((r) => r.owner!)),
  };
}

export interface WriteCheck {
  actor: Actor;
  /** The request carried an Origin the app does not trust (a cross-site write if anything changed). */
  foreignOrigin: boolean;
  /**
   * A notification correctly signed with the webhook secret (the provider itself, not an attacker): it may
   * re-record an order's state on its payment, and publish a business only by applying a processed payment.
   */
  signedByProvider: boolean;
}

export interface Violations {
  unauthorized: string[];
  paymentFields: string[];
  /** Anything at all changed (the harness then checks the owners still have what the fuzz needs). */
  changed: boolean;
}

/**
 * What changed between two snapshots, judged by whose rows they are: an actor may change only its own rows,
 * from a trusted origin (or none); anyone may create a new account (sign-up). Payment fields change only when
 * a payment was applied in the same case; destacado and propietario_id never.
 */
export function judgeChanges(before: Snapshot, after: Snapshot, check: WriteCheck): Violations {
  const unauthorized: string[] = [];
  const paymentFields: string[] = [];
  let changed = false;
  const newlyApplied = new Set(
    [...after.applied].filter(([id]) => !before.applied.has(id)).map(([, comercioId]) => comercioId),
  );
  const keys = new Set([...before.rows.keys(), ...after.rows.keys()]);
  for (const key of keys) {
    const b = before.rows.get(key);
    const a = after.rows.get(key);
    if (b?.hash === a?.hash) continue;
    changed = true;
    const owner = b ? b.owner : (a?.owner ?? null);
    const what = !b ? 'created' : !a ? 'deleted' : 'changed';
    if (owner !== null && !before.users.has(owner)) continue; // rows of an account made in this case (sign-up)
    if (
      check.signedByProvider &&
      (key.startsWith('pago:') || (key.startsWith('comercio:') && newlyApplied.has(Number(key.slice(9)))))
    )
      continue;
    if (check.actor.userId !== null && owner === check.actor.userId) {
      if (check.foreignOrigin) unauthorized.push(`${key} ${what} by its owner from a foreign origin`);
      continue;
    }
    unauthorized.push(`${key} (owner ${owner ?? 'nobody'}) ${what} by ${check.actor.name}`);
  }

  for (const [id, a] of after.comercios) {
    const b = before.comercios.get(id);
    if (!b) {
      if (a.pagoStatus || a.fechaPago !== null || a.destacado || a.owner !== check.actor.userId) {
        paymentFields.push(
          `comercio ${id} created with pago_status=${a.pagoStatus} fecha_pago=${a.fechaPago} destacado=${a.destacado} propietario=${a.owner} by ${check.actor.name}`,
        );
      }
      continue;
    }
    if (b.destacado !== a.destacado || b.owner !== a.owner)
      paymentFields.push(`comercio ${id}: destacado/propietario_id changed by ${check.actor.name}`);
    if ((b.pagoStatus !== a.pagoStatus || b.fechaPago !== a.fechaPago) && !newlyApplied.has(id)) {
      paymentFields.push(`comercio ${id}: pago_status/fecha_pago changed without a payment, by ${check.actor.name}`);
    }
  }
  return { unauthorized, paymentFields, changed };
}
