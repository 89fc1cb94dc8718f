import { and, eq, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import { addDays, daysUntil, mendozaDate } from '#shared/rules/dates';
import { publicationState } from '#shared/rules/publication';
import { RENEWAL_WINDOW_DAYS } from '#shared/rules/renewal';
import type { Db } from '#server/db/client';
import { comercios, mailJobs, user } from '#server/db/schema';
import type { MailKind } from './messages';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MailJob = typeof mailJobs.$inferSelect;

/** An ended publication is announced only this long after its end (not every old one on a first deploy). */
const ENDED_NOTICE_DAYS = 3;

export function dedupeKey(kind: MailKind, id: number, periodEnd?: Date): string {
  return kind === 'receipt' ? `receipt:pago:${id}` : `${kind}:comercio:${id}:${periodEnd!.toISOString()}`;
}

/** Queues the receipt of a payment, in the transaction that applies it: it exists exactly when the payment does. */
export async function enqueueReceipt(
  tx: Tx,
  p: { pagoId: number; comercioId: number; userId: string | null; periodEnd: Date; now: Date },
): Promise<void> {
  if (!p.userId) return;
  await tx
    .insert(mailJobs)
    .values({
      kind: 'receipt',
      dedupeKey: dedupeKey('receipt', p.pagoId),
      comercioId: p.comercioId,
      pagoId: p.pagoId,
      userId: p.userId,
      periodEnd: p.periodEnd,
      notBefore: p.now,
    })
    .onConflictDoNothing({ target: mailJobs.dedupeKey });
}

/**
 * Which notice a publication ending at `end` is due at `now`, in Mendoza calendar days: 7 days before (when
 * the renewal window opens), 1 day before ("vence mañana", or "vence hoy" if the first was missed), and after
 * the end. Only the latest one due is queued, so an instance that was down does not send stale reminders.
 */
export function dueNotice(end: Date, now: Date): MailKind | null {
  if (now.getTime() >= end.getTime()) {
    return now.getTime() < addDays(end, ENDED_NOTICE_DAYS).getTime() ? 'ended' : null;
  }
  const days = daysUntil(mendozaDate(end), now);
  if (days <= 1) return 'reminder_1d';
  if (days <= RENEWAL_WINDOW_DAYS) return 'reminder_7d';
  return null;
}

/**
 * Queues the reminders and end notices due now. Any number of instances may run this at once: the unique key
 * lets one insert win and the others do nothing.
 */
export async function enqueueDueNotices(db: Db, now: Date): Promise<number> {
  // Paid businesses of an owner whose end is within the reminder window or a few days past.
  const from = addDays(now, -(PUBLICATION_DAYS + ENDED_NOTICE_DAYS));
  const to = addDays(now, -(PUBLICATION_DAYS - RENEWAL_WINDOW_DAYS - 1));
  const rows = await db
    .select({ id: comercios.id, fechaPago: comercios.fechaPago, pagoStatus: comercios.pagoStatus, userId: user.id })
    .from(comercios)
    .innerJoin(user, eq(user.id, comercios.propietarioId))
    .where(and(eq(comercios.pagoStatus, true), gt(comercios.fechaPago, from), lt(comercios.fechaPago, to)));
  const values = [];
  for (const c of rows) {
    const state = publicationState(c, now);
    const end = state.kind === 'active' ? state.paidUntil : state.kind === 'expired' ? state.expiredAt : null;
    const kind = end && dueNotice(end, now);
    if (!end || !kind) continue;
    values.push({
      kind,
      dedupeKey: dedupeKey(kind, c.id, end),
      comercioId: c.id,
      userId: c.userId,
      periodEnd: end,
      notBefore: now,
    });
  }
  if (values.length === 0) return 0;
  const inserted = await db
    .insert(mailJobs)
    .values(values)
    .onConflictDoNothing({ target: mailJobs.dedupeKey })
    .returning({ id: mailJobs.id });
  return inserted.length;
}

/**
 * Claims the next job due, in a transaction: the row lock (SKIP LOCKED) lets two instances take different jobs,
 * never the same one. A job claimed by an instance that died mid-send is taken again after the lease.
 */
export async function claimNextJob(db: Db, instance: string, now: Date, leaseMs: number): Promise<MailJob | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(
        or(
          and(eq(mailJobs.status, 'pending'), lte(mailJobs.notBefore, now)),
          and(
            eq(mailJobs.status, 'sending'),
            isNotNull(mailJobs.claimedAt),
            lt(mailJobs.claimedAt, new Date(now.getTime() - leaseMs)),
          ),
        ),
      )
      .orderBy(mailJobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const [claimed] = await tx
      .update(mailJobs)
      .set({ status: 'sending', claimedBy: instance, claimedAt: now, attempts: sql`${mailJobs.attempts} + 1` })
      .where(eq(mailJobs.id, job.id))
      .returning();
    return claimed ?? null;
  });
}

/** An account email's recipient and secret link are kept only while the job may still send them (ADR 028). */
const LINK_CLEARED = { toAddress: null, link: null };

export async function markSent(db: Db, id: number, instance: string, now: Date): Promise<void> {
  await db
    .update(mailJobs)
    .set({ status: 'sent', sentAt: now, lastError: null, ...LINK_CLEARED })
    .where(and(eq(mailJobs.id, id), eq(mailJobs.claimedBy, instance)));
}

export async function markCancelled(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(mailJobs)
    .set({ status: 'cancelled', lastError: reason, ...LINK_CLEARED })
    .where(eq(mailJobs.id, id));
}

/** A failed send waits and is tried again (1, 4, 9… minutes), up to `maxAttempts`. */
export async function markFailed(db: Db, job: MailJob, error: string, now: Date, maxAttempts: number): Promise<void> {
  const final = job.attempts >= maxAttempts;
  await db
    .update(mailJobs)
    .set({
      status: final ? 'failed' : 'pending',
      ...(final ? LINK_CLEARED : {}),
      lastError: error.slice(0, 500),
      notBefore: new Date(now.getTime() + job.attempts * job.attempts * 60_000),
    })
    .where(and(eq(mailJobs.id, job.id), inArray(mailJobs.status, ['sending'])));
}
