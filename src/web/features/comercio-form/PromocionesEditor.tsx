import { Plus, Tag } from '#web/components/icons';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { btnSecondary } from '#web/components/buttons';
import { useDialogs } from '#web/components/dialogs';
import { sectionClass } from '#web/components/form/Fields';
import { useNow } from '#web/lib/hooks';
import type { ComercioFormValues } from './formValues';
import { emptyDraft } from './promociones';
import { PromocionEditor } from './PromocionEditor';

export const DELETE_PROMO_CONFIRM = '¿Estás seguro de que querés eliminar esta promoción?';

/**
 * The promotions of the edit form, a field array of the business form: saved together with the business
 * (spec §2 editar, §5). Each row keeps the stored id, so a save updates it in place (ADR 013).
 */
export function PromocionesEditor() {
  const { control } = useFormContext<ComercioFormValues>();
  // `key` is react-hook-form's row key; `id` stays the promotion's stored id.
  const { fields, append, remove } = useFieldArray({ control, name: 'promociones', keyName: 'key' });
  const { confirm } = useDialogs();
  const now = useNow();

  // Focus moves to the new card's first field once it is on screen.
  const add = () => append(emptyDraft(), { focusName: `promociones.${fields.length}.titulo` });

  async function removeAt(index: number) {
    if (!(await confirm(DELETE_PROMO_CONFIRM, { confirm: 'Eliminar' }))) return;
    remove(index);
    document.getElementById('cf-promos-add')?.focus();
  }

  return (
    <section className={sectionClass} aria-labelledby="cf-promos-title">
      <div className="flex items-center gap-2">
        <Tag className="size-5 text-brand-600" aria-hidden="true" />
        <h2 id="cf-promos-title" className="text-lg font-bold text-ink-900">
          Promociones
        </h2>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">{fields.length}</span>
      </div>
      <p className="mb-4 mt-1 text-sm text-ink-600">
        Se guardan junto con el comercio. Las que no tengan título, descuento o fecha de vencimiento no se guardan.
      </p>
      {fields.length > 0 ? (
        <ul className="space-y-4">
          {fields.map((row, i) => (
            <PromocionEditor key={row.key} rowKey={row.key} index={i} now={now} onDelete={() => void removeAt(i)} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-sand-300 px-4 py-6 text-center text-sm text-ink-600">
          Este comercio todavía no tiene promociones.
        </p>
      )}
      <button id="cf-promos-add" type="button" className={`${btnSecondary} mt-4 w-full sm:w-auto`} onClick={add}>
        <Plus className="size-4" aria-hidden="true" />
        Agregar promoción
      </button>
    </section>
  );
}
