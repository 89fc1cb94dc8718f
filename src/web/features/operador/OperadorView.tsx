import { ShieldCheck } from '#web/components/icons';
import { AppLink } from '#web/components/AppLink';
import { NotFound } from '#web/components/NotFound';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { ApiError, errorMessage } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/hooks';
import type { OperadorSeccion } from '#web/lib/routes';
import { useOperadorMe } from './api';
import { AuditoriaSection } from './AuditoriaSection';
import { ComerciosSection } from './ComerciosSection';
import { CuentasSection } from './CuentasSection';
import { DenunciasSection } from './DenunciasSection';
import { EmailText } from './EmailText';
import { PagosSection } from './PagosSection';
import { ResumenSection } from './ResumenSection';
import { TwoFactorEnrol } from './TwoFactorEnrol';

const TABS: Array<[OperadorSeccion, string]> = [
  ['resumen', 'Resumen'],
  ['comercios', 'Comercios'],
  ['denuncias', 'Denuncias'],
  ['pagos', 'Pagos'],
  ['cuentas', 'Cuentas'],
  ['auditoria', 'Auditoría'],
];

/** The operator console. Anyone else gets the same page as an unknown address (the server answers 404 too). */
export default function OperadorView({ seccion, id }: { seccion: OperadorSeccion; id?: number | undefined }) {
  const me = useOperadorMe();
  useDocumentTitle(me.data ? 'Operación' : null);
  if (me.isPending) return <Spinner label="Cargando…" />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.isNotFound) return <NotFound />;
    return <Notice>{errorMessage(me.error)}</Notice>;
  }
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold text-ink-900">
          <ShieldCheck className="size-6 text-brand-600" aria-hidden="true" />
          Operación
        </h1>
        <p className="text-sm text-ink-600">
          <EmailText email={me.data.email} />
        </p>
      </header>
      {!me.data.twoFactorEnabled ? <TwoFactorEnrol /> : <Sections seccion={seccion} id={id} />}
    </div>
  );
}

function Sections({ seccion, id }: { seccion: OperadorSeccion; id?: number | undefined }) {
  return (
    <>
      {/* Wrapped in rows, not a strip that runs off a phone's screen with nothing saying there is more. */}
      <nav aria-label="Secciones de operación">
        <ul className="flex flex-wrap gap-2">
          {TABS.map(([s, label]) => (
            <li key={s}>
              <AppLink
                to={{ name: 'operador', seccion: s }}
                aria-current={s === seccion ? 'page' : undefined}
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold text-ink-800 ring-1 ring-sand-300 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {seccion === 'resumen' && <ResumenSection />}
      {seccion === 'comercios' && <ComerciosSection id={id} />}
      {seccion === 'denuncias' && <DenunciasSection />}
      {seccion === 'pagos' && <PagosSection />}
      {seccion === 'cuentas' && <CuentasSection />}
      {seccion === 'auditoria' && <AuditoriaSection />}
    </>
  );
}
