import { Pencil, SearchX } from '#web/components/icons';
import { useState } from 'react';
import type { ComercioEditable } from '#shared/api';
import { AppLink } from '#web/components/AppLink';
import { BackButton } from '#web/components/BackButton';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { useDialogs } from '#web/components/dialogs';
import { EmptyState } from '#web/components/EmptyState';
import { RetryNotice } from '#web/components/Notice';
import { ApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/hooks';
import { useNavigation } from '#web/lib/navigation';
import { announceSaved } from '#web/features/mis-comercios';
import type { View } from '#web/lib/routes';
import { UPDATE_ERROR, saveErrorMessage, useActualizarComercio, useComercioEditable } from './api';
import { ComercioForm } from './ComercioForm';
import { EditarSkeleton } from './EditarSkeleton';
import { formValuesFrom, toComercioInput, type ComercioFormValues } from './formValues';
import { changesMessage, draftFrom, incompleteMessage, planPromociones, promocionesProblem } from './promociones';
import { PromocionesEditor } from './PromocionesEditor';

const MIS_COMERCIOS: View = { name: 'mis-comercios' };

/** Spec §2 editar: the business and all of its promotions, saved together; success returns to mis-comercios. */
export default function EditarView({ id }: { id: number }) {
  const query = useComercioEditable(id);
  useDocumentTitle(query.data ? `Editar ${query.data.nombre}` : 'Editar comercio');

  if (query.isPending) return <EditarSkeleton />;
  if (query.isError || !query.data) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403 || status === 404) {
      return (
        <EmptyState
          icon={SearchX}
          as="h1"
          title={status === 403 ? 'Este comercio no es tuyo' : 'No encontramos este comercio'}
          action={
            <AppLink to={MIS_COMERCIOS} className={btnPrimary}>
              Ir a Mis Comercios
            </AppLink>
          }
        >
          Solo podés editar los comercios que registraste con tu cuenta.
        </EmptyState>
      );
    }
    return (
      <div className="space-y-4">
        <BackButton to={MIS_COMERCIOS} />
        <RetryNotice error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <EditarForm comercio={query.data} />;
}

function EditarForm({ comercio }: { comercio: ComercioEditable }) {
  const [initialValues] = useState((): ComercioFormValues => ({
    ...formValuesFrom(comercio),
    promociones: comercio.promociones.map(draftFrom),
  }));
  const [loadedIds] = useState(() => comercio.promociones.map((p) => p.id));
  const actualizar = useActualizarComercio(comercio.id);
  const { alert, confirm } = useDialogs();
  const { navigate } = useNavigation();

  /** Spec §5: confirm dropping incomplete promotions, then tell how many are added or removed. */
  async function beforeSave(values: ComercioFormValues): Promise<boolean> {
    const plan = planPromociones(loadedIds, values.promociones);
    if (plan.incomplete > 0 && !(await confirm(incompleteMessage(plan.incomplete)))) return false;
    const problem = promocionesProblem(plan.keep, comercio.promociones, new Date());
    if (problem) {
      await alert(problem);
      return false;
    }
    const changes = changesMessage(plan.added, plan.removed);
    if (changes) await alert(changes);
    return true;
  }

  async function save(values: ComercioFormValues) {
    const plan = planPromociones(loadedIds, values.promociones);
    try {
      // The form's starting point: a save made meanwhile in another tab is not silently undone (a 409 says so).
      await actualizar.mutateAsync({ ...toComercioInput(values), promociones: plan.keep, revision: comercio.revision });
    } catch (error) {
      await alert(saveErrorMessage(error, UPDATE_ERROR));
      return;
    }
    announceSaved(comercio.id);
    navigate(MIS_COMERCIOS, { replace: true });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <BackButton to={MIS_COMERCIOS} />
      <header className="mb-5 mt-2 flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Pencil className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">Editar comercio</h1>
          <p className="mt-1 truncate text-sm text-ink-600">{comercio.nombre}</p>
        </div>
      </header>
      <ComercioForm
        mode="editar"
        initialValues={initialValues}
        submitLabel="Guardar cambios"
        onSubmit={save}
        beforeSave={beforeSave}
        secondaryAction={
          <AppLink to={MIS_COMERCIOS} className={`${btnSecondary} min-h-12`}>
            Cancelar
          </AppLink>
        }
      >
        <PromocionesEditor />
      </ComercioForm>
    </div>
  );
}
