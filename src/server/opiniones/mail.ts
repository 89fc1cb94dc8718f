import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { comercios, opiniones, user } from '#server/db/schema';
import { compose, type MailContent } from '#server/mail/messages';

export function opinionMail(
  o: { nombre: string; autor: string; estrellas: number; texto: string },
  publicUrl: string,
): MailContent {
  const estrellas = o.estrellas === 1 ? '1 estrella' : `${o.estrellas} estrellas`;
  return compose(
    `Nueva opinión sobre ${o.nombre}`,
    [
      `${o.autor} opinó sobre ${o.nombre} en Vidriera y le dio ${estrellas}:`,
      `“${o.texto}”`,
      'Podés responderle desde Mis comercios: tu respuesta se ve debajo de la opinión, en la página de tu comercio.',
    ],
    { label: 'Responder la opinión', url: `${publicUrl}/mis-comercios` },
  );
}

/**
 * The "new opinion" email of a mail job (kind 'opinion'), read from the database as it is now; a string says
 * why it is no longer to be sent (the opinion was hidden; a deleted one takes its job with it).
 */
export async function renderOpinionJob(
  db: Db,
  job: { opinionId: number | null },
  to: string,
  publicUrl: string,
): Promise<{ to: string; content: MailContent } | string> {
  if (!job.opinionId) return 'opinion gone';
  const [row] = await db
    .select({
      nombre: comercios.nombre,
      autor: user.name,
      estrellas: opiniones.estrellas,
      texto: opiniones.texto,
      ocultoAt: opiniones.ocultoAt,
    })
    .from(opiniones)
    .innerJoin(comercios, eq(comercios.id, opiniones.comercioId))
    .innerJoin(user, eq(user.id, opiniones.userId))
    .where(eq(opiniones.id, job.opinionId));
  if (!row) return 'opinion gone';
  if (row.ocultoAt) return 'opinion hidden';
  return { to, content: opinionMail(row, publicUrl) };
}
