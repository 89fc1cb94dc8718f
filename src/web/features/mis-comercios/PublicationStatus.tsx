import { CircleCheck, CircleDashed, CircleAlert, EyeOff } from '#web/components/icons';
import type { Comercio } from '#shared/api';
import { daysLeftText, publicationState } from '#shared/rules/publication';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { renewalState } from '#shared/rules/renewal';

/**
 * Spec §4: the publication state of an owner's business, in the card's words. A hidden business has one status,
 * the hiding: "Publicación Activa - Pago vigente" beside it would say it is shown when it is not. Its payment is
 * said under it, kept but running (ADR 018: restoring does not extend a publication).
 */
export function publicationTexts(
  comercio: Pick<Comercio, 'pagoStatus' | 'fechaPago' | 'ocultoMotivo'>,
  now: Date,
): {
  title: string;
  detail: string | null;
  daysLeft: string | null;
  kind: 'unpaid' | 'active' | 'expired' | 'hidden';
  /** In the last 7 days: the owner can renew now, without a gap. */
  renewable: boolean;
} {
  const state = publicationState(comercio, now);
  if (comercio.ocultoMotivo) {
    const hidden = {
      kind: 'hidden',
      title: `Oculto por moderación: ${comercio.ocultoMotivo}`,
      daysLeft: null,
    } as const;
    if (state.kind === 'unpaid') return { ...hidden, detail: null, renewable: false };
    const detail =
      state.kind === 'active'
        ? `Tu pago se mantiene: pagado hasta el ${formatLongInstant(state.paidUntil)} (${daysLeftText(state.paidUntil, now)}). Los días siguen corriendo mientras está oculto.`
        : `Vencido desde el ${formatLongInstant(state.expiredAt)}`;
    return { ...hidden, detail, renewable: false };
  }
  switch (state.kind) {
    case 'unpaid':
      return { kind: 'unpaid', title: 'No publicado', detail: null, daysLeft: null, renewable: false };
    case 'active': {
      const renewable = renewalState(comercio, now).kind === 'renew';
      return {
        kind: 'active',
        // In the renewal window the line ends with the action: "Publicación Activa · quedan 5 días · Renovar".
        title: renewable ? 'Publicación Activa' : 'Publicación Activa - Pago vigente',
        detail: `Pagado hasta el ${formatLongInstant(state.paidUntil)}`,
        daysLeft: daysLeftText(state.paidUntil, now),
        renewable,
      };
    }
    case 'expired':
      return {
        kind: 'expired',
        title: `Vencido desde el ${formatLongInstant(state.expiredAt)}`,
        detail: null,
        daysLeft: null,
        renewable: false,
      };
  }
}

const LOOKS = {
  unpaid: { box: 'bg-sand-100 text-ink-700 ring-sand-300', icon: CircleDashed, iconColor: 'text-ink-500' },
  active: { box: 'bg-leaf-50 text-leaf-800 ring-leaf-200', icon: CircleCheck, iconColor: 'text-leaf-600' },
  expired: { box: 'bg-amber-50 text-amber-900 ring-amber-300', icon: CircleAlert, iconColor: 'text-amber-700' },
  hidden: { box: 'bg-red-50 text-red-800 ring-red-200', icon: EyeOff, iconColor: 'text-red-700' },
} as const;

export function PublicationStatus({
  comercio,
  now,
  onRenew,
}: {
  comercio: Pick<Comercio, 'pagoStatus' | 'fechaPago' | 'ocultoMotivo'>;
  now: Date;
  /** Absent while a payment is pending: no second charge can start. */
  onRenew?: () => void;
}) {
  const texts = publicationTexts(comercio, now);
  const look = LOOKS[texts.kind];
  const Icon = look.icon;
  return (
    <div className={`flex items-start gap-2 rounded-xl px-3 py-2 text-sm ring-1 ${look.box}`}>
      <Icon className={`mt-0.5 size-4 shrink-0 ${look.iconColor}`} aria-hidden="true" />
      <p>
        <span className="block font-semibold">
          {texts.title}
          {/* How long is left, at a glance; the spec's "Pagado hasta el …" stays below. */}
          {texts.daysLeft && ` · ${texts.daysLeft}`}
          {texts.renewable && onRenew && (
            <>
              {' · '}
              <button
                type="button"
                data-action="renovar"
                className="font-bold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                onClick={onRenew}
              >
                Renovar
              </button>
            </>
          )}
        </span>
        {texts.detail && <span className="block text-xs">{texts.detail}</span>}
      </p>
    </div>
  );
}
