import { Clock } from '#web/components/icons';
import { lazy, Suspense, useEffect } from 'react';
import { splitCategorias } from '#shared/categorias';
import { openStatus, openStatusLabel } from '#shared/rules/horario';
import { BackButton } from '#web/components/BackButton';
import { NotFound } from '#web/components/NotFound';
import { Badge } from '#web/components/Badge';
import { RetryNotice } from '#web/components/Notice';
import { Rating } from '#web/components/Rating';
import { ApiError } from '#web/lib/api';
import { useDocumentTitle, useNow } from '#web/lib/hooks';
import { detalleBackTarget, listaView } from '#web/lib/routes';
import { useComercioDetalle } from './api';
import { DenunciarButton } from '#web/features/denuncias';
import { OpinionesSection } from '#web/features/opiniones';
import { ContactActions } from './ContactActions';
import { DetallePromociones } from './DetallePromociones';
import { Gallery } from './Gallery';
import { InfoSection } from './InfoSection';

// The skeleton shows only while a business opened in the app loads (a server-rendered page comes with its data):
// its code comes with the app's idle prefetch (App.tsx), and until then the app's own loading state shows.
const DetalleSkeleton = lazy(() => import('./DetalleSkeleton').then((m) => ({ default: m.DetalleSkeleton })));
// Only its owner sees an unpublished business (never a server-rendered page): the notice comes with the owner's
// publish prompt, not with every business page.
const OwnerUnpublishedNotice = lazy(() =>
  import('./OwnerPublishPrompt').then((m) => ({ default: m.OwnerUnpublishedNotice })),
);

/** A business that does not exist or is hidden from the public (the server answers its page with 404 too). */
export function ComercioNotFound() {
  return (
    <NotFound title="No encontramos este comercio">
      Puede que ya no esté publicado o que el enlace no sea correcto. Buscá otros comercios de tu zona en el inicio.
    </NotFound>
  );
}

/** Spec §2 detalle: gallery, contact, tags, description, promotions (published only), info and hours. */
export default function DetalleView({ id }: { id: number }) {
  const query = useComercioDetalle(id);
  const now = useNow();
  const comercio = query.data;
  useDocumentTitle(comercio?.nombre ?? null);
  // Offline, the page the service worker kept of this business stands in for its data (loaded only then).
  const unreachable = query.error instanceof ApiError && query.error.code === 'network_error';
  useEffect(() => {
    if (unreachable)
      void import('./kept-page').then(
        (m) => m.showKeptDetalle(id).catch(() => undefined),
        () => undefined,
      );
  }, [unreachable, id]);

  if (query.isPending) return <DetalleSkeleton />;
  if (query.isError || !comercio) {
    if (query.error instanceof ApiError && query.error.isNotFound) {
      return <ComercioNotFound />;
    }
    return (
      <div className="space-y-4">
        <BackButton to={listaView()} />
        <RetryNotice error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const status = openStatus(comercio.horarioDetallado, now);
  const categorias = splitCategorias(comercio.categoria);

  return (
    <article>
      <BackButton to={detalleBackTarget(comercio.esPropio)} anyPrevious />
      {comercio.esPropio && !comercio.publicado && (
        <Suspense fallback={null}>
          <OwnerUnpublishedNotice />
        </Suspense>
      )}
      <div className="detalle-grid">
        <div className="min-w-0 space-y-6">
          <Gallery
            nombre={comercio.nombre}
            categoria={comercio.categoria}
            imagen={comercio.imagen}
            galeria={comercio.galeria}
          />
          <header>
            <ul className="flex flex-wrap gap-2" aria-label="Categorías">
              {categorias.map((c) => (
                <li
                  key={c}
                  className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-800 ring-1 ring-brand-100"
                >
                  {c}
                </li>
              ))}
            </ul>
            <h1 className="detalle-title">{comercio.nombre}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Rating rating={comercio.rating} count={comercio.opiniones} />
              {status && (
                <Badge tone={status.open ? 'open' : 'closed'}>
                  <span
                    className={`size-2 rounded-full ${status.open ? 'bg-leaf-500' : 'bg-ink-500'}`}
                    aria-hidden="true"
                  />
                  {openStatusLabel(status)}
                </Badge>
              )}
              {comercio.horario && (
                <span className="inline-flex items-center gap-1.5 text-sm text-ink-600">
                  <Clock className="size-4 text-ink-500" aria-hidden="true" />
                  {comercio.horario}
                </span>
              )}
            </div>
          </header>
          <ContactActions comercio={comercio} />
          {comercio.descripcion && (
            <section aria-labelledby="descripcion-title">
              <h2 id="descripcion-title" className="sr-only">
                Descripción
              </h2>
              <p className="whitespace-pre-line text-base leading-relaxed text-ink-700">{comercio.descripcion}</p>
            </section>
          )}
          <DetallePromociones comercio={comercio} now={now} />
          {/* Part of the view's own code, not a lazy piece: a boundary still waiting for its code when the page
              hydrated was thrown away and drawn again as soon as anything above it changed (the session's
              answer), so the section vanished for a moment and a tap on it was lost (ADR 065). */}
          {comercio.publicado && <OpinionesSection comercio={comercio} />}
        </div>
        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start" aria-label="Datos de contacto y horarios">
          <InfoSection comercio={comercio} now={now} />
          {comercio.publicado && !comercio.esPropio && (
            <DenunciarButton target={{ comercioId: comercio.id, nombre: comercio.nombre }} className="mt-3" />
          )}
        </aside>
      </div>
    </article>
  );
}
