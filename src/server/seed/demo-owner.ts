import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { PUBLICATION_CURRENCY, PUBLICATION_FEE } from '#shared/constants';
import { periodFrom } from '#shared/rules/renewal';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { account, pagos, user } from '#server/db/schema';
import type { Order } from '#server/pagos/orders-api';

/**
 * The sample data's demo owner: an account a newcomer (and the browser tests) can sign in with to see the owner's
 * side — Mis comercios, a business inside its renewal window, its payment history and receipt. It exists only
 * where the sample data was loaded into an empty database (SEED_SAMPLE_DATA, never on a real city's data), and
 * on a public https address only when DEMO_OWNER_PASSWORD is set: a documented password must not open an account
 * on a site people use (README "Cuenta de demostración", ADR 016 amendment).
 */
export const DEMO_OWNER_EMAIL = 'demo@vidriera.local';
export const DEMO_OWNER_NAME = 'Dueño de demostración';
/** Documented in the README; used only on a local (http) address when DEMO_OWNER_PASSWORD is not set. */
export const DEMO_OWNER_DEFAULT_PASSWORD = 'demo-vidriera';

/** The demo account's password, or null when no demo account should be created. */
export function demoOwnerPassword(config: Pick<Config, 'DEMO_OWNER_PASSWORD' | 'PUBLIC_URL'>): string | null {
  if (config.DEMO_OWNER_PASSWORD) return config.DEMO_OWNER_PASSWORD;
  return config.PUBLIC_URL.startsWith('https:') ? null : DEMO_OWNER_DEFAULT_PASSWORD;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Creates the account inside the seed's transaction as Better Auth's email sign-up stores it: a user and a
 * "credential" account holding the scrypt hash. Returns the user id.
 */
export async function insertDemoAccount(tx: Tx, password: string, at: Date): Promise<string> {
  const userId = randomUUID();
  await tx
    .insert(user)
    .values({ id: userId, name: DEMO_OWNER_NAME, email: DEMO_OWNER_EMAIL, createdAt: at, updatedAt: at });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashPassword(password),
    createdAt: at,
    updatedAt: at,
  });
  return userId;
}

/** The approved sandbox payment that published the demo business, so its history and receipt are a real owner's. */
export async function insertDemoPayment(
  tx: Tx,
  userId: string,
  comercio: { id: number; fechaPago: Date },
): Promise<void> {
  const at = comercio.fechaPago;
  const period = periodFrom(at);
  const orderId = `ORD01DEMO${comercio.id}`;
  const amount = String(PUBLICATION_FEE);
  await tx.insert(pagos).values({
    comercioId: comercio.id,
    userId,
    externalReference: `comercio_${comercio.id}`,
    provider: 'sandbox',
    providerOrderId: orderId,
    idempotencyKey: `demo-${comercio.id}`,
    amount,
    currency: PUBLICATION_CURRENCY,
    status: 'processed',
    statusDetail: 'accredited',
    // The sandbox's own order shape, so the receipt reads its means of payment like any other.
    rawResponse: {
      id: orderId,
      type: 'online',
      processing_mode: 'automatic',
      external_reference: `comercio_${comercio.id}`,
      total_amount: amount,
      total_paid_amount: amount,
      status: 'processed',
      status_detail: 'accredited',
      created_date: at.toISOString(),
      last_updated_date: at.toISOString(),
      payer: { email: DEMO_OWNER_EMAIL },
      transactions: {
        payments: [
          {
            id: `PAY01DEMO${comercio.id}`,
            amount,
            paid_amount: amount,
            status: 'processed',
            status_detail: 'accredited',
            payment_method: { id: 'visa', type: 'credit_card', installments: 1 },
          },
        ],
      },
    } satisfies Order,
    appliedAt: at,
    periodStart: period.start,
    periodEnd: period.end,
    createdAt: at,
    updatedAt: at,
  });
}
