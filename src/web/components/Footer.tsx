import { LogoMark } from './Logo';

export function Footer() {
  return (
    <footer className="mb-16 border-t border-sand-200 bg-sand-50 md:mb-0">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-6 text-center text-sm text-ink-600 sm:flex-row sm:justify-between sm:text-left lg:px-6">
        <p className="flex items-center gap-2 font-semibold text-ink-700">
          <LogoMark className="size-6" />
          Vidriera
        </p>
        <p>Comercios y promociones de Godoy Cruz, Capital y Guaymallén.</p>
      </div>
    </footer>
  );
}
