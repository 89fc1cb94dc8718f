import {
  CircleCheck,
  Clock,
  Eye,
  LoaderCircle,
  Pencil,
  Phone,
  Rocket,
  Trash2,
  TriangleAlert,
} from '#web/components/icons';
import { useId } from 'react';
import type { Comercio } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { isPublished } from '#shared/rules/publication';
import { btnBase, btnPrimary } from '#web/components/buttons';
import { SmartImage } from '#web/components/SmartImage';
import { OpinionesRecibidas } from '#web/features/opiniones';
import type { PaymentOutcome } from '#web/features/pagos';
import { EstadisticasChart } from './EstadisticasChart';
import { PagosHistorial } from './PagosHistorial';
import { PublicationStatus } from './PublicationStatus';
import { RevisionPanel } from './RevisionPanel';

/** Spec text of the payment button (§4), verbatim. */
export const PUBLISH_LABEL = 'Publicar por 30 dias - $450';

interface OwnerComercioCardProps {
  comercio: Comercio;
  /** Just registered: stands out, with a label saying so. */
  highlighted?: boolean;
  now: Date;
  outcome?: PaymentOutcome;
  deleting: boolean;
  onPublish(): void;
  onEdit(): void;
  onView(): void;
  onDelete(): void;
}

const OUTCOME_LOOKS = {
  success: { box: 'border-leaf-200 bg-leaf-50 text-leaf-800', icon: CircleCheck },
  pending: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: LoaderCircle },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: TriangleAlert },
} as const;

function OutcomeMessage({ outcome }: { outcome?: PaymentOutcome }) {
  // The live region is always there, so screen readers announce the result when it arrives.
  const look = outcome ? OUTCOME_LOOKS[outcome.tone] : null;
  const Icon = look?.icon;
  return (
    <div role="status" aria-live="polite" className={outcome ? undefined : '-mt-3'}>
      {outcome && look && Icon && (
        <p className={`flex items-start gap-2 rounded-xl border px-3 py-2 text-sm font-semibold ${look.box}`}>
          <Icon
            className={`mt-0.5 size-4 shrink-0 ${outcome.tone === 'pending' ? 'animate-spin motion-reduce:animate-none' : ''}`}
            aria-hidden="true"
          />
          <span>
            {outcome.text}
            {outcome.tone === 'pending' && (
              <span className="block text-xs font-normal">Te avisamos acá en cuanto se acredite.</span>
            )}
            {outcome.nextStep && (
              <span className="block text-xs font-normal" data-testid="pago-siguiente-paso">
                {outcome.nextStep}
              </span>
            )}
          </span>
        </p>
      )}
    </div>
  );
}

const actionBtn = `${btnBase} flex-1 px-3 py-2 text-sm ring-1`;

/** One of the owner's businesses: publication state, payment, and the owner's actions. */
export function OwnerComercioCard({
  comercio,
  highlighted = false,
  now,
  outcome,
  deleting,
  onPublish,
  onEdit,
  onView,
  onDelete,
}: OwnerComercioCardProps) {
  const titleId = useId();
  const categorias = splitCategorias(comercio.categoria);
  const published = isPublished(comercio, now);
  return (
    <article
      aria-labelledby={titleId}
      className={`flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card ${highlighted ? 'ring-2 ring-brand-500' : 'ring-1 ring-sand-200/70'}`}
    >
      {highlighted && (
        <p className="bg-brand-600 px-4 py-1.5 text-xs font-bold uppercase tracking-wide text-white">
          Recién registrado
        </p>
      )}
      <div className="flex gap-3 p-4 pb-3">
        <SmartImage
          imageId={comercio.imagen}
          size="thumb"
          alt=""
          categoria={comercio.categoria}
          width={96}
          height={96}
          className="size-20 shrink-0 rounded-2xl sm:size-24"
          iconClassName="size-8"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-bold leading-snug text-ink-900">
            {comercio.nombre}
          </h2>
          {categorias.length > 0 && (
            <p className="mt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-700">
              {categorias.join(' · ')}
            </p>
          )}
          {comercio.descripcion && <p className="mt-1 line-clamp-2 text-sm text-ink-600">{comercio.descripcion}</p>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium text-ink-600">
          {/* Wraps instead of cutting: a two-shift day ("9:00 - 13:00 y 17:00 - 21:30") is read whole. */}
          <span className="inline-flex min-w-0 items-start gap-1.5">
            <Clock className="mt-px size-3.5 shrink-0 text-ink-500" aria-hidden="true" />
            <span className="min-w-0">{comercio.horario}</span>
          </span>
          {comercio.telefono && (
            <span className="inline-flex items-center gap-1.5">
              <Phone className="size-3.5 shrink-0 text-ink-500" aria-hidden="true" />
              {comercio.telefono}
            </span>
          )}
        </div>
        <PublicationStatus
          comercio={comercio}
          now={now}
          onRenew={outcome?.tone === 'pending' || comercio.ocultoMotivo ? undefined : onPublish}
        />
        {comercio.ocultoMotivo && <RevisionPanel comercioId={comercio.id} nombre={comercio.nombre} />}
        <OutcomeMessage outcome={outcome} />
        {/* A hidden business cannot be paid for (the server refuses it too): the reason above says why. */}
        {!published && !comercio.ocultoMotivo && outcome?.tone !== 'pending' && (
          <button
            type="button"
            className={`${btnPrimary} w-full whitespace-normal`}
            onClick={onPublish}
            data-action="publicar"
            aria-label={`${PUBLISH_LABEL} ${comercio.nombre}`}
          >
            <Rocket className="size-4" aria-hidden="true" />
            {PUBLISH_LABEL}
          </button>
        )}
        {comercio.fechaPago && <EstadisticasChart comercioId={comercio.id} />}
        <PagosHistorial comercioId={comercio.id} />
        {comercio.fechaPago && <OpinionesRecibidas comercioId={comercio.id} nombre={comercio.nombre} />}
        {/* Each button names its business: a screen reader's list of buttons showed "Editar", "Ver" and "Eliminar" once
            per business, none told apart (found in a stranger's round). The visible words come first (voice control). */}
        <div className="mt-auto flex gap-2 pt-1">
          <button
            type="button"
            className={`${actionBtn} bg-white text-ink-900 ring-sand-300 hover:bg-sand-50`}
            onClick={onEdit}
            aria-label={`Editar ${comercio.nombre}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Editar
          </button>
          <button
            type="button"
            className={`${actionBtn} bg-white text-ink-900 ring-sand-300 hover:bg-sand-50`}
            onClick={onView}
            aria-label={`Ver ${comercio.nombre}`}
          >
            <Eye className="size-4" aria-hidden="true" />
            Ver
          </button>
          <button
            type="button"
            className={`${actionBtn} bg-white text-red-700 ring-red-200 hover:bg-red-50`}
            onClick={onDelete}
            disabled={deleting}
            aria-label={`Eliminar ${comercio.nombre}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Eliminar
          </button>
        </div>
      </div>
    </article>
  );
}
