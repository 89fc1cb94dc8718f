import { LoaderCircle } from './icons';

/** A small visible + spoken loading indicator ("Cargando más promociones…"). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm font-medium text-ink-600">
      <LoaderCircle className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
      {label}
    </div>
  );
}
