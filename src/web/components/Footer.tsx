import { LogoMark } from './Logo';

export function Footer() {
  return (
    <footer className="mb-16 border-t border-sand-200 bg-sand-50 md:mb-0">
      <div className="app-footer-bar">
        <p className="flex items-center gap-2 font-semibold text-ink-700">
          <LogoMark className="size-6" />
          Vidriera
        </p>
        <p>Comercios y promociones de Godoy Cruz, Capital y Guaymallén.</p>
      </div>
    </footer>
  );
}
