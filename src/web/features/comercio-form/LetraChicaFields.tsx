import { useFormContext } from 'react-hook-form';
import { DIAS } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { MEDIOS_PAGO, MEDIO_PAGO_LABELS } from '#shared/rules/promocion-dias';
import { CheckboxField, TextArea, TextField } from '#web/components/form/Fields';
import type { ComercioFormValues } from './formValues';

/** An empty amount or date is "none" (null), not 0 or "". */
const amount = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const optionalDate = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The fine print of promotion `index`: days, start, means of payment, cap, minimum and conditions. */
export function LetraChicaFields({ base, index }: { base: string; index: number }) {
  const { register } = useFormContext<ComercioFormValues>();
  const name = `promociones.${index}` as const;
  return (
    <div className="space-y-4 rounded-xl bg-white p-3 ring-1 ring-sand-200">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-ink-900">Días en que aplica</legend>
        <p className="mb-1 text-xs text-ink-600">Si no elegís ninguno, aplica todos los días.</p>
        <div className="grid grid-cols-2 gap-x-3 min-[400px]:grid-cols-4">
          {DIAS.map((dia) => (
            <CheckboxField key={dia} label={dia} value={dia} {...register(`${name}.dias`)} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-ink-900">Medios de pago</legend>
        {/* Wrapped, not in columns: a phone's narrow column cannot hold "Transferencia" beside its box. */}
        <div className="flex flex-wrap gap-x-5 whitespace-nowrap">
          {MEDIOS_PAGO.map((medio) => (
            <CheckboxField
              key={medio}
              label={MEDIO_PAGO_LABELS[medio]}
              value={medio}
              {...register(`${name}.mediosPago`)}
            />
          ))}
        </div>
      </fieldset>
      <TextField
        id={`${base}-medio-otro`}
        label="Banco o tarjeta"
        {...register(`${name}.medioPagoOtro`)}
        maxLength={LIMITS.promoMedioPagoOtro}
        placeholder="Ej.: Banco Nación, Visa Santander"
      />
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-3 min-[400px]:gap-3">
        <TextField
          id={`${base}-desde`}
          label="Desde"
          type="date"
          {...register(`${name}.desde`, { setValueAs: optionalDate })}
          min="2000-01-01"
          max="2100-12-31"
        />
        <TextField
          id={`${base}-tope`}
          label="Tope ($)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register(`${name}.tope`, { setValueAs: amount })}
          placeholder="Ej.: 5000"
        />
        <TextField
          id={`${base}-minimo`}
          label="Compra mínima ($)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register(`${name}.compraMinima`, { setValueAs: amount })}
          placeholder="Ej.: 20000"
        />
      </div>
      <TextArea
        id={`${base}-condiciones`}
        label="Condiciones"
        rows={2}
        {...register(`${name}.condiciones`)}
        maxLength={LIMITS.promoCondiciones}
        placeholder="Ej.: Válido para consumo en el local. No acumulable."
      />
    </div>
  );
}
