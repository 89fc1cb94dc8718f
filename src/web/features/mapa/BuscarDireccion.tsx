import { useMutation } from '@tanstack/react-query';
import { Search } from '#web/components/icons';
import { LOCALIDAD_LABELS, type Localidad } from '#shared/constants';
import { GEOCODER_META } from '#shared/page-meta';
import { contract } from '#shared/contract';
import type { LatLng } from '#shared/rules/geo';
import { btnSecondary } from '#web/components/buttons';
import { api, errorMessage } from '#web/lib/api';

/** The server has a geocoder (GEOCODER_URL): it says so in a <meta> of the page. */
export function geocoderAvailable(): boolean {
  return document.querySelector(`meta[name="${GEOCODER_META}"]`) !== null;
}

export const SIN_RESULTADOS = 'No encontramos esa dirección en el Gran Mendoza. Revisala o marcá el punto en el mapa.';

/**
 * "Buscar la dirección en el mapa": asks the server's geocoder for the address the owner typed (with the
 * chosen locality) and offers the places found; choosing one places the pin there. Never required.
 */
export function BuscarDireccion({
  direccion,
  localidad,
  onPick,
}: {
  direccion: string;
  localidad: Localidad | '';
  onPick(point: LatLng): void;
}) {
  const search = useMutation({
    mutationFn: (q: string) => api(contract.geocoder.search, { query: { q } }),
  });
  const address = direccion.trim();
  const q = [address, localidad ? LOCALIDAD_LABELS[localidad] : '', 'Mendoza'].filter(Boolean).join(', ');
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={`${btnSecondary} py-1.5`}
        disabled={address.length < 3 || search.isPending}
        onClick={() => search.mutate(q)}
      >
        <Search className="size-4" aria-hidden="true" />
        {search.isPending ? 'Buscando la dirección…' : 'Buscar la dirección en el mapa'}
      </button>
      <div aria-live="polite">
        {search.isError && <p className="text-sm font-medium text-red-700">{errorMessage(search.error)}</p>}
        {search.data && search.data.items.length === 0 && <p className="text-sm text-ink-700">{SIN_RESULTADOS}</p>}
        {search.data && search.data.items.length > 0 && (
          <ul aria-label="Direcciones encontradas" className="space-y-1.5">
            {search.data.items.map((lugar) => (
              <li key={`${lugar.lat},${lugar.lng}`}>
                <button
                  type="button"
                  className="w-full rounded-lg px-3 py-2 text-left text-sm text-ink-800 ring-1 ring-sand-300 hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => {
                    onPick({ lat: lugar.lat, lng: lugar.lng });
                    search.reset();
                  }}
                >
                  Usar: {lugar.nombre}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
