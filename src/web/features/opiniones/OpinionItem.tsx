import type { Opinion } from '#shared/opiniones';
import { DenunciarButton } from '#web/features/denuncias';
import { OpinionByline } from './OpinionByline';

/** One opinion: author, stars, when, the text, and "Respuesta del comercio" under it. */
export function OpinionItem({
  opinion: o,
  now,
  denuncia,
}: {
  opinion: Opinion;
  now: Date;
  /** The business it is about, for "Denunciar" (left out where reporting makes no sense). */
  denuncia?: { comercioId: number };
}) {
  return (
    <li className="space-y-2 border-b border-sand-200 py-4 last:border-b-0" data-testid="opinion">
      <OpinionByline opinion={o} now={now} />
      <p className="whitespace-pre-line break-words text-base text-ink-800">{o.texto}</p>
      {o.respuesta && (
        <div className="ml-3 rounded-xl bg-sand-50 px-3 py-2 ring-1 ring-sand-200">
          <p className="text-sm font-semibold text-ink-900">Respuesta del comercio</p>
          <p className="whitespace-pre-line break-words text-sm text-ink-800">{o.respuesta}</p>
        </div>
      )}
      {denuncia && (
        <DenunciarButton
          target={{ comercioId: denuncia.comercioId, opinionId: o.id, nombre: `la opinión de ${o.autor}` }}
          className="-ml-3"
        />
      )}
    </li>
  );
}
