/** The shop-front mark of Vidriera (same drawing as the favicon). */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#b4461d" />
      <path d="M12 26 16 14h32l4 12" fill="#f5c4a9" />
      <path d="M12 26h40v4a6.7 6.7 0 0 1-13.3 0 6.7 6.7 0 0 1-13.4 0A6.7 6.7 0 0 1 12 30z" fill="#fbe3d6" />
      <path d="M16 36v14h32V36" fill="none" stroke="#fdfbf8" strokeWidth="4" strokeLinejoin="round" />
      <path d="M27 50v-8h10v8" fill="#1a5c3c" />
    </svg>
  );
}
