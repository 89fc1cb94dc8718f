import type { ReactNode } from 'react';

type Tone = 'discount' | 'expired' | 'urgent' | 'open' | 'closed' | 'neutral' | 'featured';

const TONES: Record<Tone, string> = {
  discount: 'bg-brand-600 text-white shadow-sm',
  expired: 'bg-ink-700 text-white',
  urgent: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  open: 'bg-leaf-50 text-leaf-800 ring-1 ring-leaf-200',
  closed: 'bg-sand-200 text-ink-700 ring-1 ring-sand-300',
  neutral: 'bg-sand-100 text-ink-700 ring-1 ring-sand-300',
  featured: 'bg-amber-300 text-amber-950',
};

export function Badge({ tone, children, className = '' }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
