import type { IconComponent } from './icons';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: IconComponent;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title inside the page outline. */
  as?: 'h1' | 'h2' | 'p';
}

export function EmptyState({ icon: Icon, title, children, action, as: Title = 'p' }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-sand-300 bg-sand-50 px-6 py-12 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Title className="max-w-md text-base font-semibold text-ink-900">{title}</Title>
      {children && <div className="mt-2 max-w-md text-sm text-ink-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
