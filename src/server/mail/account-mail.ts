import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db } from '#server/db/client';
import { mailJobs } from '#server/db/schema';
import { compose, type MailContent } from './messages';

/**
 * Emails about the account itself (ADR 028): confirm the email given at sign-up, confirm a new address, choose a
 * new password. Each one carries a secret link made by Better Auth, so it is queued with its recipient and link
 * (mail_jobs.to_address, link) in the request that asked for it and sent by the mail jobs like the owners'
 * emails: one row per link, claimed by one instance, retried on failure, the link cleared once the job ends.
 */
export const ACCOUNT_MAIL_KINDS = ['verify_email', 'change_email', 'reset_password'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

export function isAccountMailKind(kind: string): kind is AccountMailKind {
  return (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind);
}

/** Where each link lands in the web app (client views that post the token to the API). */
export const ACCOUNT_LINK_PATHS = {
  verify: '/verificar-email',
  reset: '/nueva-contrasena',
} as const;

/** A link to one of our own pages with the token in its query. */
export function accountLink(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Queued emails wake the mailer of the instance that queued them, so a person waiting for the link does not
 * wait for the next round (MAIL_INTERVAL_MS). Any instance may still be the one that sends it.
 */
const queued = new EventEmitter();
queued.setMaxListeners(0);

export function onAccountMailQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}

export async function enqueueAccountMail(
  db: Db,
  job: { kind: AccountMailKind; userId: string; to: string; link: string; now: Date },
): Promise<void> {
  // One row per link: the same link queued twice (a retried request) goes out once.
  const linkDigest = createHash('sha256').update(job.link).digest('base64url').slice(0, 22);
  await db
    .insert(mailJobs)
    .values({
      kind: job.kind,
      dedupeKey: `${job.kind}:user:${job.userId}:${linkDigest}`,
      userId: job.userId,
      toAddress: job.to,
      link: job.link,
      notBefore: job.now,
    })
    .onConflictDoNothing({ target: mailJobs.dedupeKey });
  queued.emit('queued');
}

export function accountMail(kind: AccountMailKind, link: string): MailContent {
  switch (kind) {
    case 'verify_email':
      return compose(
        'Confirmá tu email en Vidriera',
        [
          '¡Hola! Creaste una cuenta en Vidriera con este email.',
          'Confirmalo con el enlace de abajo: así podés opinar sobre los comercios y recuperar tu cuenta si olvidás la contraseña.',
          'Si no fuiste vos, ignorá este mensaje.',
        ],
        { label: 'Confirmar mi email', url: link },
      );
    case 'change_email':
      return compose(
        'Confirmá tu nuevo email en Vidriera',
        [
          'Pediste usar este email en tu cuenta de Vidriera.',
          'Confirmalo con el enlace de abajo; hasta entonces tu cuenta sigue con el email anterior.',
          'Si no fuiste vos, ignorá este mensaje.',
        ],
        { label: 'Confirmar el nuevo email', url: link },
      );
    case 'reset_password':
      return compose(
        'Elegí una nueva contraseña para Vidriera',
        [
          'Pediste una nueva contraseña para tu cuenta de Vidriera.',
          'El enlace de abajo sirve una sola vez y vence en una hora. Al guardar la nueva contraseña se cierran las demás sesiones abiertas de tu cuenta.',
          'Si no fuiste vos, ignorá este mensaje: tu contraseña no cambia.',
        ],
        { label: 'Elegir una nueva contraseña', url: link },
      );
  }
}
