import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CircleAlert, WifiOff } from './icons';
import { isOffline } from '#web/lib/online';
import { btnPrimary, btnSecondary } from './buttons';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (e.g. the current view), so navigating away recovers. */
  resetKey?: unknown;
  /**
   * For what a page can do without (the test-mode banner): a failure renders nothing there instead of the error
   * screen, which would replace the whole page.
   */
  quiet?: boolean;
}

interface State {
  error: Error | null;
  /** The browser had no connection when it failed (typically a screen's code that could not be fetched). */
  offline: boolean;
  resetKey: unknown;
}

/** Catches render errors (and failed lazy chunks) and shows a friendly way out instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, offline: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, offline: isOffline() };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Error de la interfaz', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.quiet) return null;
    const { offline } = this.state;
    const Icon = offline ? WifiOff : CircleAlert;
    return (
      <div role="alert" className="mx-auto my-10 max-w-md rounded-card bg-white p-8 text-center shadow-card">
        <Icon className="mx-auto mb-4 size-10 text-brand-600" aria-hidden="true" />
        <h1 className="text-lg font-bold text-ink-900">{offline ? 'Sin conexión' : 'Algo salió mal'}</h1>
        <p className="mt-2 text-sm text-ink-600">
          {offline
            ? 'No pudimos abrir esta pantalla sin conexión. Cuando vuelva la conexión, tocá Recargar.'
            : 'No pudimos mostrar esta pantalla. Probá recargar la página.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className={btnPrimary} onClick={() => window.location.reload()}>
            Recargar
          </button>
          <a className={btnSecondary} href="/">
            Ir al inicio
          </a>
        </div>
      </div>
    );
  }
}
