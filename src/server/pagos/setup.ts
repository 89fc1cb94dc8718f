import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { appSecrets } from '#server/db/schema';
import { MercadoPagoOrders } from './mercadopago';
import type { OrdersProvider } from './orders-api';
import { SandboxOrders } from './sandbox';
import { signNotification } from './signature';

export interface Payments {
  provider: OrdersProvider;
  webhookSecret: string;
  publicKey: string | null;
  /** At startup: picks up what a previous process left running (the sandbox's pending notifications). */
  resume(): Promise<void>;
  close(): void;
}

/** The sandbox signs its notifications like Mercado Pago does, with a secret kept in the database. */
async function sandboxSecret(db: Db): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: 'sandbox_webhook', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'sandbox_webhook'));
  return row!.value;
}

/** Posts a signed order notification the way Mercado Pago delivers one. */
export async function postSignedNotification(
  url: string,
  secret: string,
  orderId: string,
  now: Date,
): Promise<Response> {
  const requestId = crypto.randomUUID();
  const target = new URL(url);
  target.searchParams.set('data.id', orderId);
  target.searchParams.set('type', 'order');
  return fetch(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': signNotification(secret, orderId, requestId, String(now.getTime())),
    },
    body: JSON.stringify({
      action: 'order.processed',
      api_version: 'v1',
      type: 'order',
      live_mode: false,
      data: { id: orderId },
    }),
  });
}

export async function createPayments(
  db: Db,
  config: Config,
  now: () => Date,
  log: (msg: string, err?: unknown) => void,
): Promise<Payments> {
  if (
    config.PAYMENTS_PROVIDER === 'mercadopago' &&
    config.MP_ACCESS_TOKEN &&
    config.MP_PUBLIC_KEY &&
    config.MP_WEBHOOK_SECRET
  ) {
    return {
      provider: new MercadoPagoOrders({ accessToken: config.MP_ACCESS_TOKEN, baseUrl: config.MP_API_BASE_URL }),
      webhookSecret: config.MP_WEBHOOK_SECRET,
      publicKey: config.MP_PUBLIC_KEY,
      resume: async () => undefined,
      close: () => undefined,
    };
  }
  const secret = config.MP_WEBHOOK_SECRET ?? (await sandboxSecret(db));
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url =
    config.SANDBOX_WEBHOOK_URL ??
    `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/api/payments/webhook`;
  const sandbox = new SandboxOrders({
    db,
    now,
    pendingMs: config.SANDBOX_PENDING_MS,
    log,
    notify: async (orderId) => {
      const res = await postSignedNotification(url, secret, orderId, now());
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    },
  });
  return {
    provider: sandbox,
    webhookSecret: secret,
    publicKey: null,
    resume: async () => void (await sandbox.resumePending()),
    close: () => sandbox.close(),
  };
}
