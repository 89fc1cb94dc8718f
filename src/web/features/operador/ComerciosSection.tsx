import type { BodyInput } from '#shared/contract';
import { api } from '#web/lib/api';
import { useState } from 'react';
import { ESTADO_COMERCIO_LABEL, ESTADOS_COMERCIO, type EstadoComercio } from '#shared/operador';
import { AppLink } from '#web/components/AppLink';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { op, useComercio, useComercios, useOperadorAction } from './api';
import { AuditList } from './AuditoriaSection';
import { EmailText } from './EmailText';
import { localidadLabel } from '#web/lib/format';
import { formatInstant } from './format';
import { PagosTable } from './PagosSection';
import { FiltroBar } from './FiltroBar';
import { card, Pager } from './Pager';
import { ReasonForm } from './ReasonForm';

export function ComerciosSection({ id }: { id?: number | undefined }) {
  return id ? <ComercioDetalle id={id} /> : <ComerciosList />;
}

function ComerciosList() {
  const [q, setQ] = useState('');
  const [estado, setEstado] = useState<EstadoComercio | ''>('');
  const [page, setPage] = useState(1);
  const query = useComercios({ q: q.trim(), estado, page });
  return (
    <section aria-labelledby="comercios-title" className="space-y-4">
      <h2 id="comercios-title" className="text-xl font-extrabold text-ink-900">
        Comercios
      </h2>
      <FiltroBar
        searchLabel="Buscá por nombre, texto o email del dueño"
        q={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
        estado={{
          value: estado,
          options: ESTADOS_COMERCIO.map((e) => [e, ESTADO_COMERCIO_LABEL[e]] as const),
          onChange: (value) => {
            setEstado(value);
            setPage(1);
          },
        }}
      />
      {query.isPending && <Spinner label="Cargando comercios…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          {query.data.items.length === 0 && <p className="text-sm text-ink-600">No hay comercios con esos filtros.</p>}
          <ul className="space-y-2">
            {query.data.items.map((c) => (
              <li key={c.id} className={`${card} flex flex-wrap items-center justify-between gap-2`}>
                <div className="min-w-0">
                  <AppLink
                    to={{ name: 'operador', seccion: 'comercios', id: c.id }}
                    className="font-bold text-brand-700 underline"
                  >
                    {c.nombre}
                  </AppLink>
                  <p className="text-xs text-ink-600">
                    {c.propietario ? <EmailText email={c.propietario.email} /> : 'Sin dueño (ejemplo)'} ·{' '}
                    {localidadLabel(c.localidad)}
                  </p>
                </div>
                <span className="rounded-full bg-sand-100 px-3 py-1 text-xs font-bold text-ink-800">
                  {ESTADO_COMERCIO_LABEL[c.estado]}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function ComercioDetalle({ id }: { id: number }) {
  const query = useComercio(id);
  const hide = useOperadorAction((body: BodyInput<typeof op.hide>) => api(op.hide, { params: { id }, body }));
  const restore = useOperadorAction((body: BodyInput<typeof op.restore>) => api(op.restore, { params: { id }, body }));
  const c = query.data;
  return (
    <section aria-labelledby="comercio-title" className="space-y-4">
      <AppLink
        to={{ name: 'operador', seccion: 'comercios' }}
        className="text-sm font-semibold text-brand-700 underline"
      >
        Volver a comercios
      </AppLink>
      {query.isPending && <Spinner label="Cargando el comercio…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {c && (
        <>
          <div className={card}>
            <h2 id="comercio-title" className="text-xl font-extrabold text-ink-900">
              {c.nombre}
            </h2>
            <p className="mt-1 text-sm font-semibold" data-testid="estado-comercio">
              Estado: {ESTADO_COMERCIO_LABEL[c.estado]}
              {c.ocultoMotivo ? ` (${c.ocultoMotivo})` : ''}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">Dueño</dt>
              <dd>
                {c.propietario ? (
                  <>
                    {c.propietario.name} (<EmailText email={c.propietario.email} />)
                  </>
                ) : (
                  'Sin dueño (ejemplo)'
                )}
              </dd>
              <dt className="font-semibold">Dirección</dt>
              <dd>
                {c.direccion}, {localidadLabel(c.localidad)}
              </dd>
              <dt className="font-semibold">Teléfono</dt>
              <dd>{c.telefono}</dd>
              <dt className="font-semibold">Pagado el</dt>
              <dd>{c.fechaPago ? formatInstant(c.fechaPago) : 'Nunca'}</dd>
            </dl>
            {c.estado !== 'oculto' && (
              <AppLink
                to={{ name: 'detalle', id: c.id, nombre: c.nombre }}
                className="mt-2 inline-block text-sm text-brand-700 underline"
              >
                Ver la página pública
              </AppLink>
            )}
          </div>
          <div className={card}>
            {c.estado === 'oculto' ? (
              <ReasonForm
                label="Motivo para volver a mostrarlo"
                submitLabel="Restaurar comercio"
                onSubmit={(motivo) => restore.mutateAsync({ motivo })}
              />
            ) : (
              <ReasonForm
                label="Motivo (lo verá el dueño)"
                submitLabel="Ocultar comercio"
                danger
                onSubmit={(motivo) => hide.mutateAsync({ motivo })}
              />
            )}
          </div>
          <section aria-labelledby="pagos-comercio" className="space-y-2">
            <h3 id="pagos-comercio" className="text-lg font-bold">
              Pagos
            </h3>
            <PagosTable items={c.pagos} />
          </section>
          <section aria-labelledby="historial-comercio" className="space-y-2">
            <h3 id="historial-comercio" className="text-lg font-bold">
              Historial
            </h3>
            <AuditList items={c.auditoria} />
          </section>
        </>
      )}
    </section>
  );
}
