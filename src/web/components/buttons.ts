/** Shared button looks (class strings), so links and buttons that act alike look alike. */
export const btnBase =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
export const btnPrimary = `${btnBase} bg-brand-600 px-5 py-2.5 text-sm text-white shadow-sm hover:bg-brand-700 active:bg-brand-800`;
export const btnSecondary = `${btnBase} bg-white px-5 py-2.5 text-sm text-ink-900 ring-1 ring-sand-300 hover:bg-sand-50 hover:ring-brand-300`;
export const btnGhost = `${btnBase} px-3 py-2 text-sm text-ink-700 hover:bg-sand-200/70`;
export const btnIcon =
  'inline-flex size-11 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-200/80';
