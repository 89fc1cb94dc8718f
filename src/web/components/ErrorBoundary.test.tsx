// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

/** What a lazy screen does when its code cannot be fetched. */
function FailedChunk(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/ComprobanteView-abc.js');
}

describe('ErrorBoundary', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says "Algo salió mal" for a failure while connected', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <FailedChunk />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Algo salió mal');
    expect(screen.getByText('No pudimos mostrar esta pantalla. Probá recargar la página.')).toBeInTheDocument();
  });

  it('says the connection is missing when the screen failed offline, not that something broke', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onlineManager.setOnline(false);
    render(
      <ErrorBoundary>
        <FailedChunk />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sin conexión');
    expect(
      screen.getByText('No pudimos abrir esta pantalla sin conexión. Cuando vuelva la conexión, tocá Recargar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
  });
});
