import { Heart, Trash2 } from '#web/components/icons';
import { BackButton } from '#web/components/BackButton';
import { btnSecondary } from '#web/components/buttons';
import { EmptyState } from '#web/components/EmptyState';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { ComercioCard } from '#web/features/comercios';
import { PromoCard } from '#web/features/promociones';
import { errorMessage } from '#web/lib/api';
import { useFavoritos, type Favorito } from '#web/lib/favoritos';
import { useDocumentTitle, useNow } from '#web/lib/hooks';
import { listaView } from '#web/lib/routes';
import { useFavoritosData } from './api';

const GRID = 'grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 lg:grid-cols-3 sm:gap-5';

/** A favourite the server no longer shows (unpublished, expired or deleted): named as saved, removable. */
function NoDisponible({ favorito }: { favorito: Favorito }) {
  const { remove } = useFavoritos();
  return (
    <div className="flex h-full flex-col justify-between gap-3 rounded-card bg-sand-50 p-4 ring-1 ring-sand-200">
      <div>
        <h3 className="font-bold text-ink-900">{favorito.nombre}</h3>
        <p className="mt-1 text-sm text-ink-600">
          {favorito.kind === 'comercio'
            ? 'Este comercio ya no está publicado.'
            : 'Esta promoción ya no está disponible.'}
        </p>
      </div>
      <button
        type="button"
        className={`${btnSecondary} py-2`}
        onClick={() => remove(favorito)}
        aria-label={`Quitar ${favorito.nombre} de favoritos`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Quitar
      </button>
    </div>
  );
}

/** Favourites (the device's, or the account's when signed in): fetched by ids in one request; unavailable ones shown as such. */
export default function FavoritosView() {
  useDocumentTitle('Favoritos');
  const favoritos = useFavoritos().items;
  const data = useFavoritosData(favoritos);
  const now = useNow();
  const comercios = favoritos.filter((f) => f.kind === 'comercio');
  const promociones = favoritos.filter((f) => f.kind === 'promocion');

  return (
    <div>
      <BackButton to={listaView()} />
      <h1 className="mt-2 mb-5 text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">Favoritos</h1>
      {favoritos.length === 0 ? (
        <EmptyState
          icon={Heart}
          title="Todavía no guardaste favoritos. Tocá el corazón de un comercio o una promoción para guardarlo."
        />
      ) : data.isPending ? (
        <Spinner label="Cargando favoritos…" />
      ) : data.isError ? (
        <Notice
          action={
            <button type="button" className={btnSecondary} onClick={() => void data.refetch()}>
              Reintentar
            </button>
          }
        >
          {errorMessage(data.error)}
        </Notice>
      ) : (
        <div className="space-y-8">
          {promociones.length > 0 && (
            <section aria-labelledby="fav-promos">
              <h2 id="fav-promos" className="mb-3 text-lg font-extrabold text-ink-900">
                Promociones
              </h2>
              <ul className={GRID}>
                {promociones.map((f) => {
                  const p = data.data.promociones.find((x) => x.id === f.id);
                  return (
                    <li key={`p${f.id}`}>
                      {p ? <PromoCard promo={p} comercio={p.comercio} now={now} /> : <NoDisponible favorito={f} />}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {comercios.length > 0 && (
            <section aria-labelledby="fav-comercios">
              <h2 id="fav-comercios" className="mb-3 text-lg font-extrabold text-ink-900">
                Comercios
              </h2>
              <ul className={GRID}>
                {comercios.map((f) => {
                  const c = data.data.comercios.find((x) => x.id === f.id);
                  return <li key={`c${f.id}`}>{c ? <ComercioCard comercio={c} /> : <NoDisponible favorito={f} />}</li>;
                })}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
