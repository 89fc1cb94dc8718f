import { lazy, Suspense, useRef } from 'react';
import type { Localidad } from '#shared/constants';
import { LOCALIDAD_CENTROS, roundCoord, type LatLng } from '#shared/rules/geo';
import { btnSecondary } from '#web/components/buttons';
import { BuscarDireccion, geocoderAvailable } from './BuscarDireccion';

const PinPickerMap = lazy(() => import('./PinPickerMap'));

/** ~1 m: what a pin dropped by hand can mean; keeps the stored numbers short. */
const round5 = (v: number) => Math.round(v * 100_000) / 100_000;

/**
 * The owner's map pin (optional): tap the map or drag the pin; keyboard users pan the map with the arrows and
 * mark its centre. Starts at the chosen locality's centre.
 */
export function PinPicker({
  id,
  value,
  localidad,
  direccion,
  error,
  onChange,
}: {
  id: string;
  value: LatLng | null;
  localidad: Localidad | '';
  /** The address typed in the form: with a geocoder configured, the owner may place the pin from it. */
  direccion: string;
  error?: string;
  onChange(point: LatLng | null): void;
}) {
  const center = LOCALIDAD_CENTROS[localidad || 'Capital'];
  const getCenter = useRef<() => LatLng>(() => center);
  const set = (p: LatLng) => onChange({ lat: round5(p.lat), lng: round5(p.lng) });
  return (
    <fieldset id={id} tabIndex={-1} className="space-y-2">
      <legend className="text-sm font-semibold text-ink-800">Ubicación en el mapa (opcional)</legend>
      <p className="text-sm text-ink-600">
        Tocá el mapa donde está tu comercio o arrastrá el punto. Así aparece en &quot;Cerca mío&quot; y en el mapa.
      </p>
      <section
        aria-label="Mapa para marcar la ubicación"
        className="relative isolate h-64 overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200"
      >
        <Suspense fallback={null}>
          <PinPickerMap value={value} center={center} onChange={set} onReady={(fn) => (getCenter.current = fn)} />
        </Suspense>
      </section>
      <p className="text-sm text-ink-700" aria-live="polite">
        {value
          ? `Ubicación marcada (${roundCoord(value.lat)}, ${roundCoord(value.lng)}).`
          : 'Todavía no marcaste la ubicación.'}
      </p>
      {geocoderAvailable() && <BuscarDireccion direccion={direccion} localidad={localidad} onPick={set} />}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${btnSecondary} py-1.5`} onClick={() => set(getCenter.current())}>
          Marcar en el centro del mapa
        </button>
        {value && (
          <button type="button" className={`${btnSecondary} py-1.5`} onClick={() => onChange(null)}>
            Quitar ubicación
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
