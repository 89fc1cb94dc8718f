import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** Shared looks of the owner forms' inputs: big touch targets, a clear invalid state. */
export const inputClass =
  'block w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm transition-colors placeholder:text-ink-500/70 hover:border-brand-300 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-brand-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-brand-100 disabled:bg-sand-100';

export const sectionClass = 'rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70 sm:p-6';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
}

/** Label (with * when required), control, hint and the inline error of one field. */
export function FieldShell({ id, label, required, hint, error, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-900">
        {label}
        {required && (
          <span className="ml-0.5 text-brand-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId(id)} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
};

export function TextField({
  id,
  label,
  required,
  hint,
  error,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...input}
      />
    </FieldShell>
  );
}

export function TextArea({
  id,
  label,
  required,
  hint,
  error,
  className,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${inputClass} min-h-24 resize-y`}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${inputClass} cursor-pointer`}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
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
