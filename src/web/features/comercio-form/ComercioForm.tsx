import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from '#web/components/icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useController, useForm, type FieldErrors } from 'react-hook-form';
import { LOCALIDADES, LOCALIDAD_LABELS } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { btnPrimary } from '#web/components/buttons';
import { useDialogs } from '#web/components/dialogs';
import { useLeaveGuard } from '#web/components/leave-guard';
import { FormSection, SelectField, TextArea, TextField } from '#web/components/form/Fields';
import { CategoryPicker } from './CategoryPicker';
import { comercioFormSchema, fieldId, type ComercioFormValues, type FieldName } from './formValues';
import { PinPicker } from '#web/features/mapa';
import { HorarioFields } from './HorarioFields';
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
  beforeSave?(values: ComercioFormValues): Promise<boolean>;
  /** Extra sections before the buttons (the promotions of the edit form), inside the form's context. */
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

/** The first invalid field: the resolver adds one issue per field, the one the spec's alert names first. */
function firstProblem(errors: FieldErrors<ComercioFormValues>): { field: FieldName; message: string } | null {
  for (const [field, error] of Object.entries(errors)) {
    const message = error && 'message' in error ? error.message : undefined;
    if (typeof message === 'string' && field !== 'promociones') return { field: field as FieldName, message };
  }
  return null;
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
  const form = useForm<ComercioFormValues>({
    resolver: zodResolver(comercioFormSchema(mode)),
    defaultValues: initialValues,
    // The spec's alert comes first, then focus goes to the field it names (below), not to the first in the page.
    shouldFocusError: false,
    // A field's message goes away as soon as it is edited; everything is checked again on submit.
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, clearErrors, control, formState, watch } = form;
  const { errors } = formState;
  const [saving, setSaving] = useState(false);
  const { alert } = useDialogs();
  const uploads = useUploads();
  // Typed data is not lost to a stray tap on the menu or Back (found in a stranger's round).
  const leaveGuard = useLeaveGuard(formState.isDirty);

  const clearing = (name: FieldName) => ({ onChange: () => clearErrors(name) });
  const text = (field: 'nombre' | 'direccion' | 'telefono' | 'whatsapp' | 'email' | 'servicios') => ({
    id: fieldId(field),
    error: errors[field]?.message,
    ...register(field, clearing(field)),
  });
  const categorias = useController({ control, name: 'categorias' });
  const imagen = useController({ control, name: 'imagen' });
  const ubicacion = useController({ control, name: 'ubicacion' });
  const fotos = [useController({ control, name: 'galeria.0' }), useController({ control, name: 'galeria.1' })];

  const save = handleSubmit(
    async (values) => {
      if (beforeSave && !(await beforeSave(values))) return;
      setSaving(true);
      leaveGuard.allowLeaving(true);
      try {
        await onSubmit(values);
      } finally {
        // Still here: the save failed and said why, and the changes are still only on screen.
        leaveGuard.allowLeaving(false);
        setSaving(false);
      }
    },
    // Every invalid field is marked inline at once; the spec's alert names the first, and focus goes there.
    async (found) => {
      const problem = firstProblem(found);
      if (!problem) return;
      await alert(problem.message);
      document.getElementById(fieldId(problem.field))?.focus();
    },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (uploads.busy) {
      await alert(UPLOADS_PENDING);
      return;
    }
    await save(event);
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-busy={saving}>
        <p className="text-sm text-ink-600">
          Los campos marcados con <span className="font-bold text-brand-600">*</span> son obligatorios.
        </p>

        <FormSection title="Datos del comercio">
          <TextField
            {...text('nombre')}
            label="Nombre del comercio"
            required
            autoComplete="organization"
            maxLength={LIMITS.nombre}
            placeholder="Ej.: Panadería La Espiga"
          />
          <CategoryPicker
            value={categorias.field.value}
            onChange={(next) => {
              categorias.field.onChange(next);
              clearErrors('categorias');
            }}
            error={errors.categorias?.message}
          />
          <TextArea
            id={fieldId('descripcion')}
            label="Descripción"
            error={errors.descripcion?.message}
            {...register('descripcion', clearing('descripcion'))}
            placeholder="Contá qué ofrecés y qué hace especial a tu comercio."
            maxLength={LIMITS.descripcion}
            rows={4}
          />
        </FormSection>

        <FormSection title="Horarios">
          <HorarioFields />
        </FormSection>

        <FormSection title="Ubicación y contacto">
          <TextField
            {...text('direccion')}
            label="Dirección"
            required
            autoComplete="street-address"
            maxLength={LIMITS.direccion}
            placeholder="Ej.: San Martín 1234"
          />
          <SelectField
            id={fieldId('localidad')}
            label="Localidad"
            required
            error={errors.localidad?.message}
            {...register('localidad', clearing('localidad'))}
          >
            <option value="">Elegí una localidad</option>
            {LOCALIDADES.map((l) => (
              <option key={l} value={l}>
                {LOCALIDAD_LABELS[l]}
              </option>
            ))}
          </SelectField>
          <PinPicker
            id={fieldId('ubicacion')}
            value={ubicacion.field.value}
            localidad={watch('localidad')}
            direccion={watch('direccion')}
            error={errors.ubicacion?.message}
            onChange={(point) => {
              clearErrors('ubicacion');
              ubicacion.field.onChange(point);
            }}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              {...text('telefono')}
              label="Teléfono"
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={LIMITS.telefono}
              placeholder="Ej.: 261 412-3456"
            />
            <TextField
              {...text('whatsapp')}
              label="WhatsApp"
              type="tel"
              inputMode="tel"
              maxLength={LIMITS.telefono}
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
            maxLength={LIMITS.email}
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
                value={imagen.field.value}
                onChange={imagen.field.onChange}
              />
            </div>
            {fotos.map(({ field }, i) => (
              <ImageField
                key={field.name}
                id={i === 0 ? fieldId('galeria') : undefined}
                label={`Foto adicional ${i + 1}`}
                value={field.value}
                onChange={field.onChange}
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
    </FormProvider>
  );
}
