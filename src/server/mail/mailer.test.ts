import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/rules/dates';
import { renewalOpensAt } from '#shared/rules/renewal';
import { openDatabase } from '#server/db/client';
import { comercios, mailJobs } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, TEST_PGLITE, type TestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { sandboxOrderBody } from '#test/server/pagos';
import { startTestSmtp, type TestSmtp } from '#test/server/smtp';
import { ACCOUNT_MAIL_KINDS } from './account-mail';
import { dueNotice } from './jobs';
import { Mailer } from './mailer';
import { venceCuando } from './messages';
import { createMailTransport } from './transport';

const quiet = { info: () => undefined, warn: () => undefined };

function mailerOn(db: TestDatabase['db'], smtp: TestSmtp, now: () => Date): Mailer {
  return new Mailer({
    db,
    now,
    publicUrl: TEST_ORIGIN,
    log: quiet,
    transport: createMailTransport({
      smtpUrl: smtp.url,
      from: 'Vidriera <hola@vidriera.test>',
      outboxDir: '',
      log: () => {},
    }),
  });
}

/**
 * Signs an owner up for these tests, which count the publication's emails: the verification email the sign-up
 * queues (ADR 028, tested in src/server/cuenta/) is dropped, so each round counts receipts, reminders and notices.
 */
async function signUpOwner(t: TestApp, db: TestDatabase['db'], email: string) {
  const owner = await signUp(t.app, email);
  await db
    .delete(mailJobs)
    .where(and(eq(mailJobs.userId, owner.userId), inArray(mailJobs.kind, [...ACCOUNT_MAIL_KINDS])));
  return owner;
}

async function payApro(t: TestApp, cookie: string, id: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/process_order',
    payload: sandboxOrderBody(id, 'APRO'),
    headers: { cookie, origin: TEST_ORIGIN },
  });
  expect(res.json()).toMatchObject({ status: 'processed' });
}

describe('which notice is due', () => {
  // Ends 1 December 10:00 in Mendoza.
  const end = new Date('2026-12-01T13:00:00Z');
  it('follows the Mendoza calendar: 7 days before, 1 day before, and after the end', () => {
    expect(dueNotice(end, new Date('2026-11-24T02:59:00Z'))).toBeNull();
    expect(dueNotice(end, new Date('2026-11-24T03:00:00Z'))).toBe('reminder_7d');
    expect(dueNotice(end, new Date('2026-11-30T02:59:00Z'))).toBe('reminder_7d');
    expect(dueNotice(end, new Date('2026-11-30T03:00:00Z'))).toBe('reminder_1d');
    expect(dueNotice(end, end)).toBe('ended');
    expect(dueNotice(end, addDays(end, 3))).toBeNull();
  });
});

describe.runIf(TEST_PGLITE)('owner emails through a real SMTP server, one instance on PGlite', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let t: TestApp;
  let clock = new Date();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    smtp = await startTestSmtp();
    t = await createTestApp(database, { now: clock });
  });
  afterAll(async () => {
    await t?.app.close();
    await smtp?.close();
    await database?.destroy();
  });

  it('sends the receipt, the 7-day and 1-day reminders and the end notice, each once, also after a restart', async () => {
    const owner = await signUpOwner(t, database.db, 'avisos@example.com');
    const id = await insertComercio(database.db, clock, {
      nombre: 'Verdulería Avisada',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    await payApro(t, owner.cookie, id);
    const [c] = await database.db.select().from(comercios).where(eq(comercios.id, id));
    const end = addDays(c!.fechaPago!, 30);
    const mailer = mailerOn(database.db, smtp, () => clock);

    expect(await mailer.tick()).toBe(1);
    const receipt = smtp.received[0]!;
    expect(receipt.subject).toBe('Comprobante de tu pago: Verdulería Avisada');
    expect(receipt.to && 'text' in receipt.to ? receipt.to.text : '').toBe('avisos@example.com');
    expect(receipt.from?.value[0]).toMatchObject({ name: 'Vidriera', address: 'hola@vidriera.test' });
    expect(receipt.text).toContain('Recibimos tu pago de $\u00a0450 por la publicación de Verdulería Avisada');
    expect(receipt.text).toContain('Medio de pago: Visa · tarjeta de crédito · 1 cuota');
    expect(receipt.text).toMatch(new RegExp(`${TEST_ORIGIN}/mis-comercios/comprobante/\\d+`));
    expect(receipt.html).toContain('<table');

    // Nothing else is due yet.
    expect(await mailer.tick()).toBe(0);
    // The renewal window opens: the 7-day reminder with its renew link.
    clock = new Date(renewalOpensAt(end).getTime() + 60_000);
    t.setNow(clock);
    expect(await mailer.tick()).toBe(1);
    const reminder7 = smtp.received[1]!;
    expect(reminder7.subject).toBe('Tu publicación de Verdulería Avisada vence en 7 días');
    expect(reminder7.text).toContain(`Renovar la publicación: ${TEST_ORIGIN}/mis-comercios?renovar=${id}`);
    expect(reminder7.text).toContain('Renovala ahora');
    expect(await mailer.tick()).toBe(0);

    // The day before the end (Mendoza midnight), then after the end.
    clock = addDays(renewalOpensAt(end), 6);
    expect(await mailer.tick()).toBe(1);
    expect(smtp.received[2]!.subject).toBe('Tu publicación de Verdulería Avisada vence mañana');
    clock = new Date(end.getTime() + 60_000);
    expect(await mailer.tick()).toBe(1);
    expect(smtp.received[3]!.subject).toBe('Tu publicación de Verdulería Avisada terminó');
    expect(smtp.received[3]!.text).toContain('Publicalo de nuevo');

    // A second instance and a restarted one find everything sent.
    const second = mailerOn(database.db, smtp, () => clock);
    expect(await second.tick()).toBe(0);
    await mailer.stop();
    const restarted = mailerOn(database.db, smtp, () => clock);
    expect(await restarted.tick()).toBe(0);
    await second.stop();
    await restarted.stop();
    expect(smtp.received).toHaveLength(4);
    const jobs = await database.db.select().from(mailJobs).where(eq(mailJobs.comercioId, id));
    expect(jobs.map((j) => [j.kind, j.status]).sort()).toEqual([
      ['ended', 'sent'],
      ['receipt', 'sent'],
      ['reminder_1d', 'sent'],
      ['reminder_7d', 'sent'],
    ]);
  });

  it('does not remind about an end that a renewal moved', async () => {
    const owner = await signUpOwner(t, database.db, 'renovada@example.com');
    const id = await insertComercio(database.db, clock, {
      nombre: 'Renovada a Tiempo',
      pagadoHaceDias: 25,
      propietarioId: owner.userId,
    });
    const mailer = mailerOn(database.db, smtp, () => clock);
    const before = smtp.received.length;
    // Renewed inside the window before any round ran: the receipt goes, the reminder is about the new end (later).
    t.setNow(clock);
    await payApro(t, owner.cookie, id);
    expect(await mailer.tick()).toBe(1);
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Comprobante de tu pago: Renovada a Tiempo']);
    await mailer.stop();
  });
});

// Two processes cannot share a PGlite data folder: this runs against the PostgreSQL server (TEST_DATABASE_URL).
const SERVER_KINDS = DATABASE_KINDS.filter((kind) => kind === 'postgres');

describe.each(SERVER_KINDS)('two instances on one %s database', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  it('sends every receipt and reminder exactly once while both run their rounds at the same time', async () => {
    const paidAt = new Date();
    let clock = paidAt;
    const t = await createTestApp(database, { now: clock });
    const owner = await signUpOwner(t, database.db, 'dos-instancias@example.com');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await insertComercio(database.db, clock, {
        nombre: `Comercio ${i}`,
        pagadoHaceDias: null,
        propietarioId: owner.userId,
      });
      await payApro(t, owner.cookie, id);
      ids.push(id);
    }
    await t.app.close();
    // The second instance has its own connection pool, as another process would.
    const other = await openDatabase({ databaseUrl: database.url! });
    const a = mailerOn(database.db, smtp, () => clock);
    const b = mailerOn(other.db, smtp, () => clock);
    try {
      // Both instances' rounds at the same moment (each also queues the due reminders), then once more.
      const rounds = async () => {
        const first = await Promise.all([a.tick(), b.tick()]);
        const second = await Promise.all([b.tick(), a.tick()]);
        return [...first, ...second].reduce((x, y) => x + y);
      };
      expect(await rounds()).toBe(6);
      clock = addDays(clock, 24);
      expect(await rounds()).toBe(6);
      expect(await rounds()).toBe(0);
    } finally {
      await a.stop();
      await b.stop();
      await other.close();
    }
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
    for (let i = 0; i < 6; i++) {
      expect(subjects).toContain(`Comprobante de tu pago: Comercio ${i}`);
      // Written 24 days after paying: the days really left of the 30, counted in Mendoza (6 or 7 by the hour).
      expect(subjects).toContain(`Tu publicación de Comercio ${i} vence ${venceCuando(addDays(paidAt, 30), clock)}`);
    }
  });
});
