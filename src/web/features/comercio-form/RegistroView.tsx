import { Store } from '#web/components/icons';
import { useQuery } from '@tanstack/react-query';
import { BackButton } from '#web/components/BackButton';
import { useDialogs } from '#web/components/dialogs';
import { useDocumentTitle } from '#web/lib/hooks';
import { useNavigation } from '#web/lib/navigation';
import { listaView } from '#web/lib/routes';
import { useAuth } from '#web/features/auth';
import { highlightNext, misComerciosQueries } from '#web/features/mis-comercios';
import { Spinner } from '#web/components/Spinner';
import { SAVE_ERROR, saveErrorMessage, useCrearComercio } from './api';
import { ComercioForm } from './ComercioForm';
import { emptyFormValues, toComercioInput, type ComercioFormValues } from './formValues';

export const REGISTERED_MESSAGE =
  '¡Listo! Registramos tu comercio. Todavía no está publicado: lo encontrás en Mis Comercios para sumar promociones y publicarlo.';

/**
 * Spec §2 registro: a new business starts unpublished. Spec §4 says saving returns to lista, but lista does not
 * show an unpublished business: issue 9 overrides it, the owner lands on Mis comercios with the new card
 * highlighted and its payment button in view.
 */
export default function RegistroView() {
  useDocumentTitle('Registrar mi comercio');
  const { user, loading } = useAuth();
  // The first registration starts from the name given at sign-up ("Nombre del comercio *"): wait (briefly) to know
  // whether this owner has businesses already; offline or on failure the form just starts empty.
  const mine = useQuery({ ...misComerciosQueries.list(), staleTime: 30_000 });
  const settled = !loading && (!mine.isPending || mine.fetchStatus !== 'fetching');
  const firstName = mine.data?.length === 0 ? (user?.displayName ?? '') : '';
  const crear = useCrearComercio();
  const { alert } = useDialogs();
  const { navigate } = useNavigation();

  async function save(values: ComercioFormValues) {
    let created: { id: number };
    try {
      created = await crear.mutateAsync(toComercioInput(values));
    } catch (error) {
      await alert(saveErrorMessage(error, SAVE_ERROR));
      return;
    }
    highlightNext(created.id);
    navigate({ name: 'mis-comercios' }, { replace: true });
    void alert(REGISTERED_MESSAGE);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <BackButton to={listaView()} />
      <header className="mb-5 mt-2 flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Store className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">Registrar mi comercio</h1>
          <p className="mt-1 text-sm text-ink-600">
            Cargá los datos de tu comercio. Se guarda sin publicar: después podés sumar promociones y publicarlo desde
            Mis Comercios.
          </p>
        </div>
      </header>
      {settled ? (
        <ComercioForm
          mode="registro"
          initialValues={{ ...emptyFormValues(), nombre: firstName }}
          submitLabel="Registrar comercio"
          onSubmit={save}
        />
      ) : (
        <Spinner label="Cargando el formulario…" />
      )}
    </div>
  );
}
