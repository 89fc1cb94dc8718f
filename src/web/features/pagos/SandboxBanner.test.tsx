// @vitest-environment jsdom
import '#test/web/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, mockApi, page, renderAppAt } from '#test/web/harness';

function setMeta(provider: string | null) {
  document.querySelector('meta[name="vidriera-payments"]')?.remove();
  if (provider === null) return;
  const meta = document.createElement('meta');
  meta.name = 'vidriera-payments';
  meta.content = provider;
  document.head.append(meta);
}

const banner = () => screen.queryByRole('complementary', { name: 'Modo de prueba' });

describe('test-mode banner', () => {
  afterEach(() => setMeta(null));

  it('shows when the page says the sandbox runs, without asking the server', async () => {
    setMeta('sandbox');
    const sent = mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    // Its code arrives as a chunk of its own (a live site never loads it).
    expect(await screen.findByRole('complementary', { name: 'Modo de prueba' })).toHaveTextContent(
      'Modo de prueba: los pagos no son reales.',
    );
    await waitFor(() => expect(sent.to(contract.comercios.list)).not.toHaveLength(0));
    expect(sent.to(contract.pagos.config)).toHaveLength(0);
  });

  it('stays hidden with Mercado Pago', async () => {
    setMeta('mercadopago');
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    expect(await screen.findByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeInTheDocument();
    expect(banner()).toBeNull();
  });

  it('asks the payments config when the page does not say (the Vite dev server)', async () => {
    setMeta(null);
    mockApi(
      answer(contract.comercios.list, () => page([])),
      answer(contract.pagos.config, () => ({ provider: 'sandbox' as const, publicKey: null, amount: 450 })),
    );
    renderAppAt('/');
    expect(await screen.findByRole('complementary', { name: 'Modo de prueba' })).toHaveTextContent(
      'los pagos no son reales',
    );
  });
});
