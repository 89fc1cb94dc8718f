import { MessageSquarePlus } from '#web/components/icons';
import { lazy, Suspense, useState } from 'react';
import type { ComercioDetalle } from '#shared/api';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { Rating } from '#web/components/Rating';
import { useRequireAuth } from '#web/features/auth';
import { errorMessage } from '#web/lib/api';
import { useNow } from '#web/lib/hooks';
import { useMasOpiniones } from './api';
import { OpinionItem } from './OpinionItem';

const loadDialog = () => import('./OpinarDialog');
const OpinarDialog = lazy(loadDialog);

/**
 * The business page's "Opiniones" (issue 29): the mean and count, the five bars, the newest opinions with "Ver
 * más", and "Opinar" (a guest is asked to sign in or create an account first). The first page comes with the
 * business, so the server-rendered page carries it.
 */
export function OpinionesSection({ comercio }: { comercio: ComercioDetalle }) {
  const now = useNow();
  const requireAuth = useRequireAuth();
  const [dialog, setDialog] = useState(false);
  const [failed, setFailed] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const [wantMore, setWantMore] = useState(false);
  const more = useMasOpiniones(comercio.id, wantMore);
  const resumen = comercio.opinionesResumen;
  const total = comercio.opiniones ?? 0;
  const extra = more.data?.pages.flatMap((p) => p.items) ?? [];
  const seen = new Set(resumen.items.map((o) => o.id));
  const items = [...resumen.items, ...extra.filter((o) => !seen.has(o.id))];
  const hasMore = wantMore ? Boolean(more.hasNextPage) : resumen.hasMore;
  const max = Math.max(1, ...resumen.distribucion);

  const opinar = () =>
    requireAuth(
      () =>
        void loadDialog().then(
          () => (setFailed(false), setDialog(true)),
          () => setFailed(true),
        ),
      { purpose: 'visitor' },
    );

  return (
    <section aria-labelledby="opiniones-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="opiniones-title" className="text-xl font-extrabold text-ink-900">
          Opiniones
        </h2>
        {!comercio.esPropio && (
          <button type="button" className={btnPrimary} onClick={opinar}>
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            Opinar
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-ink-700 empty:hidden">
        {failed ? 'Sin conexión: no pudimos abrir el formulario. Probá de nuevo cuando vuelva la conexión.' : thanks}
      </p>
      {total === 0 ? (
        <p className="text-base text-ink-700">Todavía no hay opiniones. ¡Contá cómo te fue!</p>
      ) : (
        <div className="flex flex-wrap items-center gap-6">
          <div className="text-center">
            <Rating rating={comercio.rating} count={total} />
          </div>
          <ul className="min-w-48 flex-1 space-y-1" aria-label="Cuántas opiniones dieron cada puntaje">
            {[5, 4, 3, 2, 1].map((estrellas) => {
              const n = resumen.distribucion[estrellas - 1] ?? 0;
              return (
                <li key={estrellas} className="flex items-center gap-2 text-sm text-ink-700">
                  <span className="w-20 shrink-0">
                    {estrellas} {estrellas === 1 ? 'estrella' : 'estrellas'}
                  </span>
                  <span className="h-2 flex-1 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(n / max) * 100}%` }} />
                  </span>
                  <span className="w-8 shrink-0 text-right tabular-nums">{n}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {items.length > 0 && (
        <ul aria-label="Opiniones, de la más nueva a la más vieja">
          {items.map((o) => (
            <OpinionItem key={o.id} opinion={o} now={now} denuncia={{ comercioId: comercio.id }} />
          ))}
        </ul>
      )}
      {more.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(more.error)}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          className={`${btnSecondary} w-full`}
          disabled={more.isFetching}
          onClick={() => (wantMore ? void more.fetchNextPage() : setWantMore(true))}
        >
          {more.isFetching ? 'Cargando…' : 'Ver más'}
        </button>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <OpinarDialog
            comercio={{ id: comercio.id, nombre: comercio.nombre }}
            onClose={() => setDialog(false)}
            onDone={(mensaje) => (setDialog(false), setThanks(mensaje))}
          />
        </Suspense>
      )}
    </section>
  );
}
