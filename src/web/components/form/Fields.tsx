import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * The one set of form controls every form uses (business, promotions, sign-in/up, card). Each takes what
 * react-hook-form's `register()` returns (name, onChange, onBlur, ref) or plain value/onChange for a Controller,
 * and ties its label, hint and inline error to the control (aria-invalid + aria-describedby).
 */

/** Big touch targets, a clear invalid state. */
export const inputClass =
  'block w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm transition-colors placeholder:text-ink-500/70 hover:border-brand-300 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-brand-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-brand-100 disabled:bg-sand-100';

export const sectionClass = 'rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70 sm:p-6';

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** The inline message of a field (or of a group such as the categories or the hours). */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 text-sm font-medium text-brand-700">
      {error}
    </p>
  );
}

/** The "*" after a required field's label (hidden from screen readers: the control says aria-required). */
export function RequiredMark() {
  return (
    <span className="ml-0.5 text-brand-600" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}

/** Label (with * when required), control, hint and the inline error of one field. */
export function FieldShell({ id, label, required, hint, error, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-900">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && (
        <p id={hintId(id)} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface Common {
  /** Given when something else points at the control (focus on the first error, a test); generated otherwise. */
  id?: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/** The attributes every control gets from its field. */
function controlProps(id: string, { required, hint, error }: Pick<Common, 'required' | 'hint' | 'error'>) {
  return {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
}

/** Splits a field's props into what its shell takes and what goes on the control itself. */
function splitField<P extends Common>({ id, label, required, hint, error, className, ...control }: P) {
  return [{ id, label, required, hint, error, className }, control] as const;
}

/** The shell around one control, which gets the attributes that tie it to its label, hint and error. */
function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: Common & { children: (control: ReturnType<typeof controlProps>) => ReactNode }) {
  const inputId = useFieldId(id);
  return (
    <FieldShell id={inputId} label={label} required={required} hint={hint} error={error} className={className}>
      {children(controlProps(inputId, { required, hint, error }))}
    </FieldShell>
  );
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [field, input] = splitField(props);
  return <Field {...field}>{(control) => <input {...control} className={inputClass} {...input} />}</Field>;
}

export function TextArea(
  props: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => <textarea {...control} className={`${inputClass} min-h-24 resize-y`} {...input} />}
    </Field>
  );
}

export function SelectField(
  props: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> },
) {
  const [field, { children, ...select }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} className={`${inputClass} cursor-pointer`} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A labelled checkbox (a whole row to tap). */
export function CheckboxField({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink-900">
      <input type="checkbox" className="size-5 shrink-0 accent-brand-600" {...input} />
      {/* Words stay whole ("Transferencia"): the group lays the boxes out so that each label fits. */}
      <span className="break-normal">{label}</span>
    </label>
  );
}

/** A titled group of fields (a card on the page). */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className={sectionClass}>
      <legend className="float-left mb-1 w-full text-lg font-bold text-ink-900">{title}</legend>
      {description && <p className="clear-left mb-4 text-sm text-ink-600">{description}</p>}
      <div className="clear-left space-y-4 pt-2">{children}</div>
    </fieldset>
  );
}

/** The answer to a submit that is about the whole form (the server's refusal, "check the marked fields"). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-brand-200 bg-brand-50 px-3.5 py-2.5 text-sm font-medium text-brand-800"
    >
      {message}
    </p>
  );
}

function useFieldId(id: string | undefined): string {
  const auto = useId();
  return id ?? auto;
}
