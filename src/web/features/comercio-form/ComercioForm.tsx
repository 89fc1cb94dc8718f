import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LOCALIDADES, LOCALIDAD_LABELS, type Dia } from '#shared/constants';
import { btnPrimary } from '#web/components/buttons';
import { useDialogs } from '#web/components/dialogs';
import { CategoryPicker } from './CategoryPicker';
import { FormSection, SelectField, TextArea, TextField } from './Fields';
import { allProblems, fieldId, type ComercioFormValues, type FieldName } from './formValues';
import { HorarioFields } from './HorarioFields';
import type { DiaForm } from './horario';
import { ImageField } from './ImageField';
import { UploadsProvider, useUploads } from './uploads';

export const UPLOADS_PENDING = 'Esperá a que terminen de subirse las imágenes y volvé a intentar.';

export interface ComercioFormProps {
  mode: 'registro' | 'editar';
  initialValues: ComercioFormValues;
  submitLabel: string;
  /** Runs once the form's own checks pass; the form keeps every value whatever happens. */
  onSubmit(values: ComercioFormValues): Promise<void>;
  /** Questions to ask once the form is valid and before saving starts (false cancels). */
  beforeSave?(): Promise<boolean>;
  /** Extra sections before the buttons (the promotions of the edit form). */
  children?: ReactNode;
  /** A secondary action next to the submit button (e.g. "Cancelar"). */
  secondaryAction?: ReactNode;
}

/** The business form shared by registro and editar (spec §3, §5). */
export function ComercioForm(props: ComercioFormProps) {
  return (
    <UploadsProvider>
      <FormBody {...props} />
    </UploadsProvider>
  );
}

function FormBody({
  mode,
  initialValues,
  submitLabel,
  onSubmit,
  beforeSave,
  children,
  secondaryAction,
}: ComercioFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const { alert } = useDialogs();
  const uploads = useUploads();

  function set<K extends keyof ComercioFormValues>(key: K, value: ComercioFormValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  }
  // Functional updates: two uploads may finish in any order.
  const setDia = (dia: Dia, value: DiaForm) => {
    setValues((prev) => ({ ...prev, horarioDetallado: { ...prev.horarioDetallado, [dia]: value } }));
    if (errors.horarioDetallado) setErrors((prev) => ({ ...prev, horarioDetallado: undefined }));
  };
  const setFoto = (i: 0 | 1, id: string | null) =>
    setValues((prev) => ({ ...prev, galeria: i === 0 ? [id, prev.galeria[1]] : [prev.galeria[0], id] }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (uploads.busy) {
      await alert(UPLOADS_PENDING);
      return;
    }
    // Every invalid field is marked inline at once; the spec's alert names the first, and focus goes there.
    const problems = allProblems(mode, values);
    const problem = problems[0];
    if (problem) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      await alert(problem.message);
      document.getElementById(fieldId(problem.field))?.focus();
      return;
    }
    setErrors({});
    if (beforeSave && !(await beforeSave())) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } finally {
      setSaving(false);
    }
  }

  const text = (field: 'nombre' | 'direccion' | 'telefono' | 'whatsapp' | 'email' | 'servicios') => ({
    id: fieldId(field),
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-5" aria-busy={saving}>
      <p className="text-sm text-ink-600">
        Los campos marcados con <span className="font-bold text-brand-600">*</span> son obligatorios.
      </p>

      <FormSection title="Datos del comercio">
        <TextField
          {...text('nombre')}
          label="Nombre del comercio"
          required
          autoComplete="organization"
          maxLength={120}
          placeholder="Ej.: Panadería La Espiga"
        />
        <CategoryPicker
          value={values.categorias}
          onChange={(next) => set('categorias', next)}
          error={errors.categorias}
        />
        <TextArea
          id={fieldId('descripcion')}
          label="Descripción"
          value={values.descripcion}
          error={errors.descripcion}
          onChange={(e) => set('descripcion', e.target.value)}
          placeholder="Contá qué ofrecés y qué hace especial a tu comercio."
          maxLength={2000}
          rows={4}
        />
      </FormSection>

      <FormSection title="Horarios">
        <HorarioFields
          horario={values.horario}
          detallado={values.horarioDetallado}
          onHorario={(v) => set('horario', v)}
          onDia={setDia}
          error={errors.horarioDetallado}
          summaryError={errors.horario}
        />
      </FormSection>

      <FormSection title="Ubicación y contacto">
        <TextField
          {...text('direccion')}
          label="Dirección"
          required
          autoComplete="street-address"
          maxLength={200}
          placeholder="Ej.: San Martín 1234"
        />
        <SelectField
          id={fieldId('localidad')}
          label="Localidad"
          required
          value={values.localidad}
          error={errors.localidad}
          onChange={(e) => set('localidad', e.target.value as ComercioFormValues['localidad'])}
        >
          <option value="">Elegí una localidad</option>
          {LOCALIDADES.map((l) => (
            <option key={l} value={l}>
              {LOCALIDAD_LABELS[l]}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            {...text('telefono')}
            label="Teléfono"
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            placeholder="Ej.: 261 412-3456"
          />
          <TextField
            {...text('whatsapp')}
            label="WhatsApp"
            type="tel"
            inputMode="tel"
            maxLength={30}
            placeholder="Ej.: 261 555-1234"
            hint="Si lo dejás vacío, usamos el teléfono."
          />
        </div>
        <TextField
          {...text('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          placeholder="Ej.: hola@micomercio.com.ar"
        />
        <TextField
          {...text('servicios')}
          label="Servicios"
          placeholder="Ej.: Delivery, Tarjetas, Wi-Fi"
          hint="Separalos con comas."
        />
      </FormSection>

      <FormSection
        title="Imágenes"
        description="JPEG, PNG, GIF o WEBP de hasta 2MB. La principal se muestra en tu tarjeta; podés sumar 2 más a la galería."
      >
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="col-span-2">
            <ImageField
              id={fieldId('imagen')}
              label="Imagen principal"
              shape="wide"
              value={values.imagen}
              onChange={(id) => set('imagen', id)}
            />
          </div>
          {([0, 1] as const).map((i) => (
            <ImageField
              key={i}
              id={i === 0 ? fieldId('galeria') : undefined}
              label={`Foto adicional ${i + 1}`}
              value={values.galeria[i]}
              onChange={(id) => setFoto(i, id)}
            />
          ))}
        </div>
      </FormSection>

      {children}

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        {secondaryAction}
        <button type="submit" className={`${btnPrimary} min-h-12 px-8 text-base`} disabled={saving}>
          {saving && <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {saving ? 'Guardando…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
