import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { publicationState } from '#shared/rules/publication';
import type { Db } from '#server/db/client';
import { comercios, user } from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { loggableError } from '#server/http/log-safe';
import { renderOpinionJob } from '#server/opiniones/mail';
import { comprobante } from '#server/pagos/comprobantes';
import { claimNextJob, enqueueDueNotices, markCancelled, markFailed, markSent, type MailJob } from './jobs';
import { accountMail, isAccountMailKind, onAccountMailQueued } from './account-mail';
import { endedMail, receiptMail, reminderMail, type MailContent } from './messages';
import type { MailTransport } from './transport';

export interface MailerDeps {
  db: Db;
  transport: MailTransport;
  now: () => Date;
  publicUrl: string;
  log: {
    info: (data: Record<string, unknown>, msg: string) => void;
    warn: (data: Record<string, unknown>, msg: string) => void;
  };
  /** A job claimed this long ago by an instance that never finished it (a crash mid-send) is taken again. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Jobs sent per round at most (the rest wait for the next round). */
  batch?: number;
}

/**
 * Queues the reminders due and sends what is queued (receipts are queued with their payment). Runs on every
 * instance; the jobs table decides which instance sends each message, once (ADR 016).
 */
export class Mailer {
  readonly instance = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly deps: MailerDeps) {}

  /** One round; overlapping calls share the round in progress. Returns how many emails were sent. */
  tick(): Promise<number> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.log.warn({ err: loggableError(err) }, 'email round failed'));
    }, intervalMs);
    this.timer.unref();
    // An account email (a password reset link) is awaited by someone: a round starts at once.
    // A round already past its claims would miss the new job: another one follows it.
    this.stopListening = onAccountMailQueued(() => {
      const again = this.running !== null;
      this.tick()
        .then(() => (again ? this.tick() : 0))
        .catch((err: unknown) => this.deps.log.warn({ err: loggableError(err) }, 'email round failed'));
    });
  }

  /** Stops the timer and waits for the round in progress (shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopListening?.();
    this.stopListening = null;
    await this.running?.catch(() => undefined);
    this.deps.transport.close();
  }

  private async round(): Promise<number> {
    const { db, now } = this.deps;
    await enqueueDueNotices(db, now());
    let sent = 0;
    for (let i = 0; i < (this.deps.batch ?? 50); i++) {
      const job = await claimNextJob(db, this.instance, now(), this.deps.leaseMs ?? 10 * 60_000);
      if (!job) break;
      if (await this.send(job)) sent++;
    }
    return sent;
  }

  private async send(job: MailJob): Promise<boolean> {
    const { db, now } = this.deps;
    let rendered: { to: string; content: MailContent } | string;
    try {
      rendered = await this.render(job);
    } catch (err) {
      this.deps.log.warn({ err: loggableError(err), jobId: job.id, kind: job.kind }, 'email not built; will retry');
      await markFailed(db, job, err instanceof Error ? err.message : String(err), now(), this.deps.maxAttempts ?? 5);
      return false;
    }
    if (typeof rendered === 'string') {
      await markCancelled(db, job.id, rendered);
      return false;
    }
    try {
      await this.deps.transport.send({
        to: rendered.to,
        ...rendered.content,
        messageId: `<${job.dedupeKey.replace(/[^\w.-]+/g, '.')}@vidriera>`,
      });
    } catch (err) {
      this.deps.log.warn({ err: loggableError(err), jobId: job.id, kind: job.kind }, 'email not sent; will retry');
      await markFailed(db, job, err instanceof Error ? err.message : String(err), now(), this.deps.maxAttempts ?? 5);
      return false;
    }
    await markSent(db, job.id, this.instance, now());
    this.deps.log.info({ jobId: job.id, kind: job.kind, comercioId: job.comercioId }, 'email sent');
    return true;
  }

  /** The message of a job, from the database as it is now; a string says why it is no longer to be sent. */
  private async render(job: MailJob): Promise<{ to: string; content: MailContent } | string> {
    const { db, publicUrl } = this.deps;
    if (!job.userId) return 'no account';
    const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, job.userId));
    if (!owner) return 'no account';
    if (isAccountMailKind(job.kind)) {
      return job.toAddress && job.link ? { to: job.toAddress, content: accountMail(job.kind, job.link) } : 'no link';
    }
    if (job.kind === 'opinion') return renderOpinionJob(db, job, owner.email, publicUrl);
    if (job.kind === 'receipt') {
      if (!job.pagoId) return 'payment gone';
      // A receipt exists only for a processed payment: one refunded since has none to send.
      const receipt = await comprobante(db, job.userId, job.pagoId).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      });
      if (!receipt) return 'no receipt';
      return { to: owner.email, content: receiptMail(receipt, publicUrl) };
    }
    if (!job.comercioId || !job.periodEnd) return 'business gone';
    const [c] = await db.select().from(comercios).where(eq(comercios.id, job.comercioId));
    if (!c) return 'business gone';
    // Renewed since it was queued: the reminder is about an end that no longer comes.
    const state = publicationState(c, this.deps.now());
    const end = state.kind === 'active' ? state.paidUntil : state.kind === 'expired' ? state.expiredAt : null;
    if (!end || end.getTime() !== job.periodEnd.getTime()) return 'publication changed';
    if (job.kind === 'ended') return { to: owner.email, content: endedMail(c.nombre, c.id, end, publicUrl) };
    if (job.kind === 'reminder_7d' || job.kind === 'reminder_1d') {
      return { to: owner.email, content: reminderMail(c.nombre, c.id, end, this.deps.now(), publicUrl) };
    }
    return `unknown kind ${job.kind}`;
  }
}
