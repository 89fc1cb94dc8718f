import { Store } from 'lucide-react';
import { useState } from 'react';
import { BackButton } from '../../components/BackButton';
import { useDialogs } from '../../components/dialogs';
import { useDocumentTitle } from '../../lib/hooks';
import { useNavigation } from '../../lib/navigation';
import { listaView } from '../../lib/routes';
import { SAVE_ERROR, saveErrorMessage, useCrearComercio } from './api';
import { ComercioForm } from './ComercioForm';
import { emptyFormValues, toComercioInput, type ComercioFormValues } from './formValues';

export const REGISTERED_MESSAGE = '¡Listo! Registramos tu comercio. Todavía no está publicado: lo encontrás en Mis Comercios para sumar promociones y publicarlo.';

/** Spec §2 registro: a new business starts unpublished; saving returns to lista (spec §4). */
export default function RegistroView() {
  useDocumentTitle('Registrar mi comercio');
  const [initialValues] = useState(emptyFormValues);
  const crear = useCrearComercio();
  const { alert } = useDialogs();
  const { navigate } = useNavigation();

  async function save(values: ComercioFormValues) {
    try {
      await crear.mutateAsync(toComercioInput(values));
    } catch (error) {
      await alert(saveErrorMessage(error, SAVE_ERROR));
      return;
    }
    navigate(listaView(), { replace: true });
    // Lista only shows published businesses: tell the owner where the new one is.
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
            Cargá los datos de tu comercio. Se guarda sin publicar: después podés sumar promociones y publicarlo desde Mis Comercios.
          </p>
        </div>
      </header>
      <ComercioForm mode="registro" initialValues={initialValues} submitLabel="Registrar comercio" onSubmit={save} />
    </div>
  );
}
