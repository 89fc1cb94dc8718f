import { useState } from 'react';
import type { BodyInput } from '#shared/contract';
import type { OperadorRevisionRow } from '#shared/operador';
import { ESTADOS_REVISION, type EstadoRevision } from '#shared/revisiones';
import { AppLink } from '#web/components/AppLink';
import { btnSecondary } from '#web/components/buttons';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { api, errorMessage } from '#web/lib/api';
import { op, useOperadorAction, useRevisiones } from './api';
import { EmailText } from './EmailText';
import { formatInstant } from './format';
import { card, Pager } from './Pager';
import { ReasonForm } from './ReasonForm';
import { ToggleRow } from './ToggleRow';

const ESTADO_LABEL: Record<EstadoRevision, string> = {
  pendiente: 'Por responder',
  restaurado: 'Comercio mostrado',
  rechazado: 'Rechazados',
};

/**
 * Owners' "Pedir revisión" of a business an operator hid (issue 33). In the reports' section: it is the same
 * moderation work (a hide often comes from a report), read by the same people, and the section tabs stay six.
 */
export function RevisionesList() {
  const [estado, setEstado] = useState<EstadoRevision>('pendiente');
  const [page, setPage] = useState(1);
  const query = useRevisiones(estado, page);
  return (
    <section aria-labelledby="revisiones-title" className="space-y-3">
      <h3 id="revisiones-title" className="text-lg font-extrabold text-ink-900">
        Pedidos de revisión
      </h3>
      <ToggleRow
        label="Estado de los pedidos de revisión"
        options={ESTADOS_REVISION}
        value={estado}
        labelOf={(e) => ESTADO_LABEL[e]}
        onChange={(e) => {
          setEstado(e);
          setPage(1);
        }}
      />
      {query.isPending && <Spinner label="Cargando pedidos de revisión…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          {query.data.items.length === 0 && <p className="text-sm text-ink-600">No hay pedidos de revisión acá.</p>}
          <ul className="space-y-3">
            {query.data.items.map((r) => (
              <RevisionCard key={r.id} revision={r} />
            ))}
          </ul>
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function RevisionCard({ revision: r }: { revision: OperadorRevisionRow }) {
  const resolve = useOperadorAction((body: BodyInput<typeof op.resolveRevision>) =>
    api(op.resolveRevision, { params: { id: r.id }, body }),
  );
  const [accion, setAccion] = useState<'restaurar' | 'rechazar' | null>(null);
  return (
    <li className={`${card} space-y-2 text-sm`} data-testid="revision">
      <p className="font-bold">
        <AppLink to={{ name: 'operador', seccion: 'comercios', id: r.comercioId }} className="text-brand-700 underline">
          {r.comercioNombre}
        </AppLink>
      </p>
      {r.ocultoMotivo && <p className="text-red-800">Oculto por: {r.ocultoMotivo}</p>}
      <p className="text-xs text-ink-600">
        Pedido el {formatInstant(r.createdAt)}
        {r.propietarioEmail && (
          <>
            {' por '}
            <EmailText email={r.propietarioEmail} />
          </>
        )}
      </p>
      <blockquote className="whitespace-pre-line border-l-4 border-sand-300 pl-3">{r.nota}</blockquote>
      {r.respuesta && <p>Respuesta: {r.respuesta}</p>}
      {r.estado === 'pendiente' && !accion && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={btnSecondary} onClick={() => setAccion('restaurar')}>
            Mostrar comercio
          </button>
          <button type="button" className={btnSecondary} onClick={() => setAccion('rechazar')}>
            Rechazar pedido
          </button>
        </div>
      )}
      {r.estado === 'pendiente' && accion && (
        <ReasonForm
          label={accion === 'restaurar' ? 'Nota para el registro' : 'Motivo (lo verá el dueño)'}
          submitLabel={accion === 'restaurar' ? 'Mostrar comercio' : 'Rechazar pedido'}
          danger={accion === 'rechazar'}
          onSubmit={(nota) => resolve.mutateAsync({ accion, nota })}
        />
      )}
    </li>
  );
}
