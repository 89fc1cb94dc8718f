import type { FormEvent, ReactNode } from 'react';

/**
 * A form that, before the JavaScript arrives (or without it), submits as a plain GET to `url`: its path is the
 * action and its query parameters travel as hidden fields (a GET submission replaces the action's query string),
 * except `omit`, which a visible field of the form supplies. Once hydrated, `onSubmit` handles it in the page.
 */
export function GetForm({
  url,
  omit,
  onSubmit,
  children,
  ...rest
}: {
  url: string;
  omit?: string;
  onSubmit(): void;
  children: ReactNode;
  className?: string;
  role?: 'search';
}) {
  const target = new URL(url, 'http://localhost');
  const hidden = [...target.searchParams].filter(([name]) => name !== omit);
  return (
    <form
      method="get"
      action={target.pathname}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      {...rest}
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
