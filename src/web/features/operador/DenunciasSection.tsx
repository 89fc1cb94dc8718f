import type { BodyInput } from '#shared/contract';
import { api } from '#web/lib/api';
import { useState } from 'react';
import { MOTIVO_DENUNCIA_LABEL, type MotivoDenuncia } from '#shared/denuncias';
import { ESTADOS_DENUNCIA, type EstadoDenuncia, type OperadorDenunciaRow } from '#shared/operador';
import { AppLink } from '#web/components/AppLink';
import { btnSecondary } from '#web/components/buttons';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { op, useDenuncias, useOperadorAction } from './api';
import { formatInstant } from './format';
import { card, Pager } from './Pager';
import { ReasonForm } from './ReasonForm';
import { ToggleRow } from './ToggleRow';
import { RevisionesList } from './RevisionesList';

const ESTADO_LABEL: Record<EstadoDenuncia, string> = {
  pendiente: 'Pendientes',
  oculto: 'Resueltas: comercio oculto',
  descartada: 'Descartadas',
};

export function DenunciasSection() {
  const [estado, setEstado] = useState<EstadoDenuncia>('pendiente');
  const [page, setPage] = useState(1);
  const query = useDenuncias(estado, page);
  return (
    <section aria-labelledby="denuncias-title" className="space-y-4">
      <h2 id="denuncias-title" className="text-xl font-extrabold text-ink-900">
        Denuncias
      </h2>
      <RevisionesList />
      <h3 className="text-lg font-extrabold text-ink-900">Denuncias recibidas</h3>
      <ToggleRow
        label="Estado de las denuncias"
        options={ESTADOS_DENUNCIA}
        value={estado}
        labelOf={(e) => ESTADO_LABEL[e]}
        onChange={(e) => {
          setEstado(e);
          setPage(1);
        }}
      />
      {query.isPending && <Spinner label="Cargando denuncias…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          {query.data.items.length === 0 && <p className="text-sm text-ink-600">No hay denuncias acá.</p>}
          <ul className="space-y-3">
            {query.data.items.map((d) => (
              <DenunciaCard key={d.id} denuncia={d} />
            ))}
          </ul>
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function DenunciaCard({ denuncia: d }: { denuncia: OperadorDenunciaRow }) {
  const resolve = useOperadorAction((body: BodyInput<typeof op.resolve>) =>
    api(op.resolve, { params: { id: d.id }, body }),
  );
  const [accion, setAccion] = useState<'ocultar' | 'descartar' | null>(null);
  const ocultarLabel = d.opinion ? 'Ocultar opinión' : 'Ocultar comercio';
  return (
    <li className={`${card} space-y-2 text-sm`} data-testid="denuncia">
      <p className="font-bold">
        {MOTIVO_DENUNCIA_LABEL[d.motivo as MotivoDenuncia] ?? d.motivo} ·{' '}
        <AppLink to={{ name: 'operador', seccion: 'comercios', id: d.comercioId }} className="text-brand-700 underline">
          {d.comercioNombre}
        </AppLink>
        {d.promocionTitulo ? ` · promoción "${d.promocionTitulo}"` : ''}
        {d.opinion ? ` · opinión de ${d.opinion.autor}` : ''}
      </p>
      {d.opinion && (
        <blockquote className="border-l-4 border-sand-300 pl-3">
          <p>
            {'★'.repeat(d.opinion.estrellas)} ({d.opinion.estrellas} de 5)
          </p>
          <p className="whitespace-pre-line">{d.opinion.texto}</p>
          {d.opinion.oculta && <p className="text-xs text-ink-600">Opinión oculta</p>}
        </blockquote>
      )}
      <p className="text-xs text-ink-600">Recibida el {formatInstant(d.createdAt)}</p>
      {d.detalle && <p className="whitespace-pre-line">{d.detalle}</p>}
      {d.nota && <p>Nota: {d.nota}</p>}
      {d.estado === 'pendiente' && !accion && (
        <div className="flex flex-wrap gap-2">
          {(d.opinion ? !d.opinion.oculta : !d.comercioOculto) && (
            <button type="button" className={btnSecondary} onClick={() => setAccion('ocultar')}>
              {ocultarLabel}
            </button>
          )}
          <button type="button" className={btnSecondary} onClick={() => setAccion('descartar')}>
            Descartar
          </button>
        </div>
      )}
      {d.estado === 'pendiente' && accion && (
        <ReasonForm
          label={accion === 'ocultar' ? 'Motivo (lo verá el dueño)' : 'Nota para el registro'}
          submitLabel={accion === 'ocultar' ? ocultarLabel : 'Descartar denuncia'}
          danger={accion === 'ocultar'}
          onSubmit={(nota) => resolve.mutateAsync({ accion, nota })}
        />
      )}
    </li>
  );
}
