// @vitest-environment jsdom
import '#test/web/setup-dom';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comprobante } from '#shared/comprobantes';
import { parseUrl, viewToUrl } from '#web/lib/routes';
import { contract } from '#shared/contract';
import {
  answer,
  apiError,
  MIS_COMERCIOS_MODULES,
  mockApi,
  preloadLazyModules,
  renderAppAt,
  signedIn,
} from '#test/web/harness';

preloadLazyModules(...MIS_COMERCIOS_MODULES);

const RECEIPT: Comprobante = {
  pagoId: 7,
  comercio: { id: 3, nombre: 'Panadería La Espiga' },
  monto: 450,
  moneda: 'ARS',
  fecha: '2026-11-22T15:05:00.000Z',
  periodoDesde: '2026-11-22T15:05:00.000Z',
  periodoHasta: '2026-12-22T15:05:00.000Z',
  medioDePago: 'Visa · tarjeta de crédito · 1 cuota',
  ordenId: 'ORD01ABC',
  proveedor: 'sandbox',
};

describe('Comprobante', () => {
  it('has its own URL under Mis comercios', () => {
    expect(parseUrl('/mis-comercios/comprobante/7', '')).toEqual({ name: 'comprobante', id: 7 });
    expect(viewToUrl({ name: 'comprobante', id: 7 })).toBe('/mis-comercios/comprobante/7');
    expect(parseUrl('/mis-comercios/comprobante/x', '')).toEqual({ name: 'not-found' });
  });

  it('shows business, amount, Mendoza date and time, period, payment id and means of payment', async () => {
    mockApi(
      signedIn(),
      answer(contract.pagos.comprobante, ({ params }) =>
        params.id === '7' ? RECEIPT : apiError(404, 'not_found', 'No encontramos este comprobante.'),
      ),
    );
    renderAppAt('/mis-comercios/comprobante/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comprobante' }, { timeout: 5000 })).toBeVisible();
    const field = (name: string) => document.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(field('Comercio')).toBe('Panadería La Espiga');
    expect(field('Monto')).toBe('$\u00a0450');
    expect(field('Fecha y hora')).toBe('22 de noviembre de 2026 a las 12:05 (hora de Mendoza)');
    expect(field('Período')).toBe('Del 22 de noviembre de 2026 al 22 de diciembre de 2026');
    expect(field('Medio de pago')).toBe('Visa · tarjeta de crédito · 1 cuota');
    expect(field('N.º de pago')).toBe('7');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('says so when the receipt does not exist (or is not yours)', async () => {
    mockApi(
      signedIn(),
      answer(contract.pagos.comprobante, () => apiError(404, 'not_found', 'No encontramos este comprobante.')),
    );
    renderAppAt('/mis-comercios/comprobante/8');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este comprobante' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
