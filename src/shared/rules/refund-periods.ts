import type { Period } from './renewal';

export interface PaidPeriod extends Period {
  /** The payment that bought it. */
  id: number;
}

export interface PublicationAfterRefund {
  /** The periods still paid that have not ended, in order, with the dates they keep from now on. */
  periods: PaidPeriod[];
  /** Those whose dates changed (a later period brought forward to close the gap the refunded one left). */
  moved: PaidPeriod[];
  /** The new fecha_pago: the start of the last period still paid; null when none is left. */
  fechaPago: Date | null;
}

/**
 * What is left of a publication once one of its periods is refunded and ended (ADR 036). A publication is one
 * unbroken stretch (fecha_pago is the start of its last period), so the periods still paid are laid end to end:
 * the running one keeps its dates, and one that was to start later starts when the one before it now ends, or
 * now if none is running, keeping its full length. Its end moves back by exactly the refunded days left.
 */
export function publicationAfterRefund(stillPaid: PaidPeriod[], now: Date): PublicationAfterRefund {
  const live = stillPaid
    .filter((p) => p.end.getTime() > now.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
  const periods: PaidPeriod[] = [];
  const moved: PaidPeriod[] = [];
  let cursor = now;
  for (const p of live) {
    const startsAt = p.start.getTime() <= cursor.getTime() ? p.start : cursor;
    const kept =
      startsAt === p.start
        ? p
        : { id: p.id, start: startsAt, end: new Date(p.end.getTime() - (p.start.getTime() - startsAt.getTime())) };
    if (kept !== p) moved.push(kept);
    periods.push(kept);
    cursor = kept.end;
  }
  return { periods, moved, fechaPago: periods.at(-1)?.start ?? null };
}
