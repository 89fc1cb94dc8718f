import { Plus, Tag } from 'lucide-react';
import { btnSecondary } from '#web/components/buttons';
import { useDialogs } from '#web/components/dialogs';
import { useNow } from '#web/lib/hooks';
import { sectionClass } from './Fields';
import { emptyDraft, type PromoDraft } from './promociones';
import { PromocionEditor } from './PromocionEditor';

export const DELETE_PROMO_CONFIRM = '¿Estás seguro de que querés eliminar esta promoción?';

interface PromocionesEditorProps {
  drafts: PromoDraft[];
  onChange(updater: (prev: PromoDraft[]) => PromoDraft[]): void;
}

/** The promotions of the edit form: saved together with the business (spec §2 editar, §5). */
export function PromocionesEditor({ drafts, onChange }: PromocionesEditorProps) {
  const { confirm } = useDialogs();
  const now = useNow();

  function add() {
    const draft = emptyDraft();
    onChange((prev) => [...prev, draft]);
    // Move to the new card's first field once it is on screen.
    requestAnimationFrame(() => document.getElementById(`promo-${draft.key}-titulo`)?.focus());
  }

  async function remove(key: string) {
    if (!(await confirm(DELETE_PROMO_CONFIRM, { confirm: 'Eliminar' }))) return;
    onChange((prev) => prev.filter((d) => d.key !== key));
    document.getElementById('cf-promos-add')?.focus();
  }

  return (
    <section className={sectionClass} aria-labelledby="cf-promos-title">
      <div className="flex items-center gap-2">
        <Tag className="size-5 text-brand-600" aria-hidden="true" />
        <h2 id="cf-promos-title" className="text-lg font-bold text-ink-900">
          Promociones
        </h2>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">{drafts.length}</span>
      </div>
      <p className="mb-4 mt-1 text-sm text-ink-600">
        Se guardan junto con el comercio. Las que no tengan título, descuento o fecha de vencimiento no se guardan.
      </p>
      {drafts.length > 0 ? (
        <ul className="space-y-4">
          {drafts.map((d, i) => (
            <PromocionEditor
              key={d.key}
              index={i}
              draft={d}
              now={now}
              onChange={(patch) => onChange((prev) => prev.map((x) => (x.key === d.key ? { ...x, ...patch } : x)))}
              onDelete={() => void remove(d.key)}
            />
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
