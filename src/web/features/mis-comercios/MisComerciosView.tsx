import { CircleCheck, Plus, Store } from '#web/components/icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { Comercio } from '#shared/api';
import { renewalState } from '#shared/rules/renewal';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { EmptyState } from '#web/components/EmptyState';
import { LoadingAnnouncement, Skeleton } from '#web/components/Skeleton';
import { errorMessage } from '#web/lib/api';
import { APP_TITLE, useNow } from '#web/lib/hooks';
import { useNavigation } from '#web/lib/navigation';
import { PaymentDialog, prefetchPaymentDialog } from '#web/features/pagos';
import { clearHighlight, clearSaved, peekHighlight, peekSaved } from './highlight';
import { OwnerComercioCard } from './OwnerComercioCard';
import { useMisComercios } from './useMisComercios';

function OwnerCardSkeleton() {
  return (
    <div className="rounded-card bg-white p-4 shadow-card" aria-hidden="true">
      <div className="flex gap-3">
        <Skeleton className="size-20 shrink-0 rounded-2xl" />
        <div className="flex-1 space-y-2.5 pt-1">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-3.5 w-1/3" />
          <Skeleton className="h-3.5 w-full" />
        </div>
      </div>
      <Skeleton className="mt-4 h-12 w-full rounded-xl" />
      <Skeleton className="mt-3 h-10 w-full rounded-full" />
    </div>
  );
}

/** Mis Comercios (spec §2): the owner's businesses with their publication state, payment and actions. */
export default function MisComerciosView() {
  const { navigate } = useNavigation();
  const now = useNow(60_000);
  const { query, outcomes, recordPayment, remove, deletingId } = useMisComercios();
  const [paying, setPaying] = useState<Comercio | null>(null);
  const items = query.data;
  const count = items?.length ?? 0;
  // The business just registered: highlighted, and in view once it is listed.
  const [highlightId] = useState(peekHighlight);
  useEffect(clearHighlight, []);
  // An edit just saved: said at the top, where the view starts, with the business's name.
  const [savedId] = useState(peekSaved);
  useEffect(clearSaved, []);
  const savedNombre = savedId === null ? null : items?.find((c) => c.id === savedId)?.nombre;
  // The receipt's code is fetched while this page is connected: a receipt opened after the connection drops then
  // says it waits for the connection, instead of failing to load its screen (which only a reload would fix).
  useEffect(() => void import('./ComprobanteView').catch(() => undefined), []);
  // The payment dialog's likewise: offline, it opens and says nothing can be charged.
  useEffect(prefetchPaymentDialog, []);
  const listRef = useRef<HTMLUListElement>(null);
  const highlightShown = useRef(false);
  useEffect(() => {
    if (highlightId === null || highlightShown.current || !items?.some((c) => c.id === highlightId)) return;
    highlightShown.current = true;
    // The view starts at the top like every other (spec §2), heading included; the newest card comes first, so it
    // is in view already. Only a card that starts below the fold brings the page down to its top.
    const card = listRef.current?.querySelector<HTMLElement>(`[data-comercio-id="${highlightId}"]`);
    if (card && card.getBoundingClientRect().top > window.innerHeight * 0.6) card.scrollIntoView({ block: 'start' });
  }, [highlightId, items]);

  useEffect(() => {
    document.title = `Mis comercios · ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, []);

  // The reminder emails link here with ?renovar=<id>: the payment dialog of that business opens by itself.
  const [renewId] = useState(() => Number(new URLSearchParams(window.location.search).get('renovar')) || null);
  const renewOpened = useRef(false);
  useEffect(() => {
    if (renewId === null || renewOpened.current || !items) return;
    renewOpened.current = true;
    const target = items.find((c) => c.id === renewId);
    if (target && renewalState(target, new Date()).kind !== 'too_early') setPaying(target);
  }, [renewId, items]);

  const registrar = () => navigate({ name: 'registro' });
  const renewal = paying ? renewalState(paying, new Date()) : null;

  return (
    <section aria-labelledby="mis-comercios-title">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="mis-comercios-title" className="text-2xl font-extrabold tracking-tight text-ink-900">
            Tus comercios{count > 0 && ' '}
            {count > 0 && <span className="ml-1 align-middle text-base font-semibold text-ink-500">({count})</span>}
          </h1>
          <p className="mt-1 text-sm text-ink-600">Publicá, editá y revisá el estado de tus comercios.</p>
        </div>
        {count > 0 && (
          <button type="button" className={btnPrimary} onClick={registrar}>
            <Plus className="size-4" aria-hidden="true" />
            Agregar otro comercio
          </button>
        )}
      </div>

      <div role="status" aria-live="polite">
        {savedNombre && (
          <p
            className="mb-4 flex items-start gap-2 rounded-xl border border-leaf-200 bg-leaf-50 px-3 py-2 text-sm font-semibold text-leaf-800"
            data-testid="cambios-guardados"
          >
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Cambios guardados: {savedNombre}</span>
          </p>
        )}
      </div>

      {query.isPending && (
        <>
          <LoadingAnnouncement text="Cargando tus comercios…" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <OwnerCardSkeleton />
            <OwnerCardSkeleton />
            <OwnerCardSkeleton />
          </div>
        </>
      )}

      {query.isError && !items && (
        <div role="alert" className="rounded-card border border-red-200 bg-red-50 px-5 py-6 text-center">
          <p className="font-semibold text-red-800">{errorMessage(query.error)}</p>
          <button type="button" className={`${btnSecondary} mt-4`} onClick={() => void query.refetch()}>
            Reintentar
          </button>
        </div>
      )}

      {items && items.length === 0 && (
        <EmptyState
          icon={Store}
          title="Aún no tienes comercios registrados"
          action={
            <button type="button" className={btnPrimary} onClick={registrar}>
              Registrar mi primer comercio
            </button>
          }
        >
          Registrá tu comercio y publicalo para que te encuentren en tu zona.
        </EmptyState>
      )}

      {items && items.length > 0 && (
        <ul ref={listRef} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((comercio) => (
            <li key={comercio.id} className="flex" data-comercio-id={comercio.id}>
              <OwnerComercioCard
                comercio={comercio}
                highlighted={comercio.id === highlightId}
                now={now}
                outcome={outcomes[comercio.id]}
                deleting={deletingId === comercio.id}
                onPublish={() => setPaying(comercio)}
                onEdit={() => navigate({ name: 'editar', id: comercio.id })}
                onView={() => navigate({ name: 'detalle', id: comercio.id, nombre: comercio.nombre })}
                onDelete={() => void remove(comercio)}
              />
            </li>
          ))}
        </ul>
      )}

      {paying && (
        <Suspense fallback={null}>
          <PaymentDialog
            comercio={paying}
            renewal={renewal?.kind === 'renew' ? renewal.period : undefined}
            onClose={() => setPaying(null)}
            onResult={(outcome) => {
              recordPayment(paying.id, outcome);
              // A refusal keeps the dialog (and the typed card) open for another try; the card shows it too.
              if (outcome.tone !== 'error') setPaying(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
