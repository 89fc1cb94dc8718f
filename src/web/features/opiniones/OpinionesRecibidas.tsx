import { MessageSquare } from '#web/components/icons';
import { useId, useState, type FormEvent } from 'react';
import { contract } from '#shared/contract';
import { RESPUESTA_MAX, respuestaSchema, type OpinionRecibida } from '#shared/opiniones';
import { btnGhost, btnSecondary } from '#web/components/buttons';
import { api, errorMessage } from '#web/lib/api';
import { useNow } from '#web/lib/hooks';
import { useOpinionesRecibidas, useRefreshOpiniones } from './api';
import { OpinionByline } from './OpinionByline';

/** How many opinions the card shows before "Ver todas". */
const VISIBLE = 3;

/**
 * Mis comercios: the newest opinions on one of my businesses, each with its answer box ("Respuesta del comercio":
 * one per opinion, editable). Unanswered ones are counted in the title.
 */
export function OpinionesRecibidas({ comercioId, nombre }: { comercioId: number; nombre: string }) {
  const query = useOpinionesRecibidas(comercioId);
  const now = useNow();
  const [all, setAll] = useState(false);
  const titleId = useId();
  const data = query.data;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(query.error)}
      </p>
    );
  if (!data || data.items.length === 0) return null;
  const shown = all ? data.items : data.items.slice(0, VISIBLE);
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-sand-50 px-3 py-2 text-sm">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-ink-800">
        <MessageSquare className="size-4" aria-hidden="true" />
        Opiniones
        {data.sinResponder > 0 && (
          <span className="rounded-full bg-brand-600 px-2 text-xs font-bold text-white">
            {data.sinResponder} sin responder
          </span>
        )}
      </h3>
      <ul>
        {shown.map((o) => (
          <Recibida key={o.id} opinion={o} now={now} comercioId={comercioId} nombre={nombre} />
        ))}
      </ul>
      {data.items.length > VISIBLE && (
        <button type="button" className={`${btnGhost} -ml-3`} onClick={() => setAll(!all)}>
          {all ? 'Ver menos' : `Ver todas (${data.items.length})`}
        </button>
      )}
    </section>
  );
}

function Recibida({
  opinion: o,
  now,
  comercioId,
  nombre,
}: {
  opinion: OpinionRecibida;
  now: Date;
  comercioId: number;
  nombre: string;
}) {
  const id = useId();
  const [editing, setEditing] = useState(!o.respuesta);
  const [texto, setTexto] = useState(o.respuesta ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshOpiniones(comercioId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = respuestaSchema.safeParse({ respuesta: texto });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Escribí tu respuesta.');
    setError(null);
    setBusy(true);
    try {
      await api(contract.opiniones.responder, { params: { id: o.id }, body: parsed.data });
      await refresh();
      setEditing(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-1.5 border-b border-sand-200 py-3 last:border-b-0" data-testid="opinion-recibida">
      <OpinionByline opinion={o} now={now} />
      {o.ocultoMotivo && <p className="text-xs font-semibold text-red-800">Oculta por moderación: {o.ocultoMotivo}</p>}
      <p className="whitespace-pre-line break-words text-ink-800">{o.texto}</p>
      {!editing && o.respuesta && (
        <div className="ml-3 space-y-1 rounded-lg bg-white px-3 py-2 ring-1 ring-sand-200">
          <p className="font-semibold text-ink-900">Respuesta del comercio</p>
          <p className="whitespace-pre-line break-words text-ink-800">{o.respuesta}</p>
          <button type="button" className={`${btnGhost} -ml-3`} onClick={() => setEditing(true)}>
            Editar respuesta
          </button>
        </div>
      )}
      {editing && (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2">
          <label htmlFor={id} className="block font-semibold text-ink-900">
            Tu respuesta a {o.autor}
          </label>
          <textarea
            id={id}
            rows={3}
            maxLength={RESPUESTA_MAX}
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            className={btnSecondary}
            disabled={busy}
            aria-label={`Responder a ${o.autor} en ${nombre}`}
          >
            {busy ? 'Enviando...' : o.respuesta ? 'Guardar respuesta' : 'Responder'}
          </button>
        </form>
      )}
    </li>
  );
}
