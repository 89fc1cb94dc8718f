import { TriangleAlert, Trash2 } from '#web/components/icons';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/limites';
import { PROMO_MISSING_DATA, promocionNeedsWarning } from '#shared/schemas/promocion';
import { isPromotionExpired } from '#shared/rules/promocion';
import { Badge } from '#web/components/Badge';
import { CheckboxField, TextArea, TextField } from '#web/components/form/Fields';
import type { ComercioFormValues } from './formValues';
import { ImageField } from './ImageField';
import { LetraChicaFields } from './LetraChicaFields';

interface PromocionEditorProps {
  /** The row's key in the field array (stable while the card is on screen): names its inputs. */
  rowKey: string;
  index: number;
  now: Date;
  onDelete(): void;
}

/** One promotion card of the edit form (spec §3 fields, §5 warning): row `index` of the `promociones` field array. */
export function PromocionEditor({ rowKey, index, now, onDelete }: PromocionEditorProps) {
  const { register, control } = useFormContext<ComercioFormValues>();
  const name = `promociones.${index}` as const;
  const draft = useWatch({ control, name });
  const imagen = useController({ control, name: `${name}.imagen` });
  const imagen2 = useController({ control, name: `${name}.imagen2` });
  const base = `promo-${rowKey}`;
  const title = draft.titulo.trim() || `Promoción ${index + 1}`;
  const warn = promocionNeedsWarning(draft);
  const expired = Boolean(draft.fechaVencimiento) && isPromotionExpired(draft.fechaVencimiento, now);
  return (
    <li className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200" aria-labelledby={`${base}-title`}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${base}-title`} className="truncate text-base font-bold text-ink-900">
            {title}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {draft.id === null && <Badge tone="neutral">Nueva</Badge>}
            {expired && <Badge tone="expired">Vencida</Badge>}
            {!draft.activa && <Badge tone="closed">Pausada</Badge>}
          </div>
        </div>
        <button
          type="button"
          onClick={onDelete}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-sand-300 hover:bg-brand-50"
          aria-label={`Eliminar ${title}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Eliminar
        </button>
      </div>

      {warn && (
        <p className="mb-3 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          {PROMO_MISSING_DATA}
        </p>
      )}

      <div className="space-y-4">
        <TextField
          id={`${base}-titulo`}
          label="Título"
          required
          {...register(`${name}.titulo`)}
          maxLength={LIMITS.promoTitulo}
          placeholder="Ej.: 2x1 en medialunas"
        />
        <TextArea
          id={`${base}-descripcion`}
          label="Descripción"
          required
          rows={2}
          {...register(`${name}.descripcion`)}
          maxLength={LIMITS.promoDescripcion}
          placeholder="Ej.: Todos los martes, hasta agotar stock."
        />
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 min-[400px]:gap-3">
          <TextField
            id={`${base}-descuento`}
            label="Descuento"
            required
            {...register(`${name}.descuento`)}
            maxLength={LIMITS.promoDescuento}
            placeholder="Ej.: 20%"
          />
          <TextField
            id={`${base}-vence`}
            label="Vence el"
            required
            type="date"
            {...register(`${name}.fechaVencimiento`)}
            min="2000-01-01"
            max="2100-12-31"
          />
        </div>
        <LetraChicaFields base={base} index={index} />
        <CheckboxField label="Promoción activa" {...register(`${name}.activa`)} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <ImageField label="Imagen" of={title} value={imagen.field.value} onChange={imagen.field.onChange} />
          <ImageField label="Imagen 2" of={title} value={imagen2.field.value} onChange={imagen2.field.onChange} />
        </div>
      </div>
    </li>
  );
}
