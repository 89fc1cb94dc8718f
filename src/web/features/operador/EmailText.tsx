import { Fragment } from 'react';

/**
 * An email that wraps before its "@" or after a dot when the line is short, never inside a word (the page's
 * overflow-wrap: anywhere would cut "operadora@vid/riera.test" anywhere). A part longer than a whole line still
 * breaks rather than widening the page.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
