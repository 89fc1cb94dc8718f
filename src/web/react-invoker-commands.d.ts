// Invoker commands (HTML's `commandfor` and `command` on a button: open or close a dialog without script), which
// React 19 passes through as attributes but @types/react does not list yet.
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged interface repeats its type parameter.
  interface ButtonHTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: 'show-modal' | 'close' | 'request-close' | undefined;
  }
}
