import { TicketPercent } from '#web/components/icons';
import { lazy, Suspense } from 'react';
import type { ComercioDetalle } from '#shared/api';
import { PromoCard } from '#web/features/promociones';

// Only an owner looking at their own unpublished business sees it: its payment code is not part of every
// visitor's business page (ADR 023).
const OwnerPublishPrompt = lazy(() => import('./OwnerPublishPrompt').then((m) => ({ default: m.OwnerPublishPrompt })));

/** Spec §2 detalle: promotions only for a published business, with the spec's two empty texts (the owner sees how to publish). */
export function DetallePromociones({ comercio, now }: { comercio: ComercioDetalle; now: Date }) {
  if (!comercio.publicado && comercio.esPropio)
    return (
      <Suspense fallback={null}>
        <OwnerPublishPrompt comercio={comercio} />
      </Suspense>
    );
  if (!comercio.publicado) {
    return (
      <section
        aria-labelledby="promos-title"
        className="rounded-card border border-dashed border-sand-300 bg-sand-50 p-5"
      >
        <h2 id="promos-title" className="text-lg font-extrabold text-ink-900">
          Promociones no disponibles
        </h2>
        <p className="mt-1 text-sm text-ink-600">Este comercio no cuenta con servicio de promociones activo.</p>
      </section>
    );
  }
  const business = { id: comercio.id, nombre: comercio.nombre, categoria: comercio.categoria, imagen: comercio.imagen };
  return (
    <section aria-labelledby="promos-title">
      <h2 id="promos-title" className="mb-3 flex items-center gap-2 text-lg font-extrabold text-ink-900">
        <TicketPercent className="size-5 text-brand-600" aria-hidden="true" />
        Promociones activas
      </h2>
      {comercio.promociones.length === 0 ? (
        <p className="rounded-card border border-dashed border-sand-300 bg-sand-50 p-5 text-sm text-ink-600">
          Este comercio aún no tiene promociones activas.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[520px]:grid-cols-2">
          {comercio.promociones.map((p) => (
            <li key={p.id}>
              <PromoCard promo={p} comercio={business} now={now} variant="embedded" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
