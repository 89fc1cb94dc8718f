import { describe, expect, it } from 'vitest';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { publicationTexts } from './PublicationStatus';

const DAY = 86_400_000;
const now = new Date('2026-11-27T15:00:00Z');
const paidAgo = (days: number) => ({ pagoStatus: true, fechaPago: new Date(now.getTime() - days * DAY).toISOString() });

describe('publicationTexts', () => {
  it('a hidden business has one status, the hiding, with its paid days under it, and no renewal', () => {
    const fechaPago = new Date(now.getTime() - 25 * DAY);
    const texts = publicationTexts({ ...paidAgo(25), ocultoMotivo: 'Fotos de otro local' }, now);
    expect(texts).toEqual({
      kind: 'hidden',
      title: 'Oculto por moderación: Fotos de otro local',
      detail: `Tu pago se mantiene: pagado hasta el ${formatLongInstant(new Date(fechaPago.getTime() + 30 * DAY))} (quedan 5 días). Los días siguen corriendo mientras está oculto.`,
      daysLeft: null,
      renewable: false,
    });
    // Shown, the same payment is the spec's green status, renewable in its last week.
    expect(publicationTexts({ ...paidAgo(25), ocultoMotivo: null }, now)).toMatchObject({
      kind: 'active',
      renewable: true,
    });
  });

  it('hidden and expired, or hidden before paying: the hiding, then the expiry or nothing', () => {
    const expired = publicationTexts({ ...paidAgo(40), ocultoMotivo: 'Cuenta suspendida: spam' }, now);
    expect(expired.kind).toBe('hidden');
    expect(expired.title).toBe('Oculto por moderación: Cuenta suspendida: spam');
    expect(expired.detail).toMatch(/^Vencido desde el /);
    expect(publicationTexts({ pagoStatus: false, fechaPago: null, ocultoMotivo: 'Spam' }, now)).toMatchObject({
      kind: 'hidden',
      detail: null,
    });
  });
});
