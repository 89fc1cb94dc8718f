// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavigationProvider } from '#web/lib/navigation';
import { contract } from '#shared/contract';
import { answer, mockApi, page, promoOf, renderAppAt } from '#test/web/harness';
import { PromoCard } from './PromoCard';
import { OFFLINE_MORE_PROMOS, OFFLINE_PROMOS_NOTICE } from './PromocionesView';

const NOW = new Date('2026-11-22T15:00:00-03:00');

function renderCard(fechaVencimiento: string) {
  const promo = promoOf(1, 'Medialunas 2x1', fechaVencimiento);
  render(
    <NavigationProvider>
      <PromoCard promo={promo} comercio={promo.comercio} now={NOW} />
    </NavigationProvider>,
  );
  return screen.getByRole('article');
}

describe('PromoCard', () => {
  it('shows discount, long expiry date and a link to its business', () => {
    const card = renderCard('2026-12-05');
    expect(within(card).getByText('20%')).toBeInTheDocument();
    expect(within(card).getByText('Válido hasta 5 de diciembre de 2026')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Ver comercio/ })).toHaveAttribute('href', '/comercio/1-almacen-uno');
    expect(within(card).queryByText('Vencida')).toBeNull();
    expect(within(card).queryByText(/Queda|Vence hoy/)).toBeNull();
  });

  it('counts down when 7 days or fewer are left', () => {
    const card = renderCard('2026-11-29');
    expect(within(card).getByText('Quedan 7 días')).toBeInTheDocument();
  });

  it('marks expired promotions as Vencida', () => {
    const card = renderCard('2026-11-21');
    expect(within(card).getByText('Vencida')).toBeInTheDocument();
    expect(within(card).queryByText(/Quedan/)).toBeNull();
  });
});

describe('promociones view', () => {
  it('shows the empty message', async () => {
    mockApi(answer(contract.promociones.list, () => page([])));
    renderAppAt('/promociones');
    expect(await screen.findByText('Aún no hay promociones disponibles.')).toBeInTheDocument();
    expect(screen.queryByText('Has visto todas las promociones disponibles.')).toBeNull();
  });

  it('shows the end message after the last page and filters by category through the URL', async () => {
    const sent = mockApi(
      answer(contract.promociones.categorias, () => ({ items: ['Café', 'Panadería'] })),
      answer(contract.promociones.list, () => page([promoOf(1, 'Merienda para dos', '2099-01-01')])),
    );
    renderAppAt('/promociones?categoria=Caf%C3%A9');
    expect(await screen.findByText('Has visto todas las promociones disponibles.')).toBeInTheDocument();
    const group = screen.getByRole('toolbar', { name: 'Filtrar promociones por categoría' });
    expect(await within(group).findByRole('button', { name: 'Café' })).toHaveAttribute('aria-pressed', 'true');
    const listCall = sent.to(contract.promociones.list)[0]?.url;
    expect(`${listCall?.pathname}${listCall?.search}`).toBe('/api/promociones?categoria=Caf%C3%A9&page=1');
  });

  it('filters by means of payment and weekday through the URL, and says so when nothing matches', async () => {
    const sent = mockApi(
      answer(contract.promociones.list, ({ url }) =>
        url.searchParams.get('dia') ? page([]) : page([promoOf(1, 'Merienda con MODO', '2099-01-01')]),
      ),
    );
    renderAppAt('/promociones?pago=modo');
    expect(await screen.findByRole('heading', { name: 'Merienda con MODO' })).toBeInTheDocument();
    const pago = screen.getByRole('combobox', { name: 'Medio de pago' });
    expect(pago).toHaveValue('modo');
    const first = sent.to(contract.promociones.list)[0]?.url;
    expect(`${first?.pathname}${first?.search}`).toBe('/api/promociones?pago=modo&page=1');

    fireEvent.change(screen.getByRole('combobox', { name: 'Día' }), { target: { value: 'miercoles' } });
    expect(
      await screen.findByText('No hay promociones con esos filtros. Probá con otro medio de pago u otro día.'),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?pago=modo&dia=miercoles');
    const last = sent.to(contract.promociones.list).at(-1)?.url;
    expect(last?.search).toBe('?pago=modo&dia=miercoles&page=1');

    fireEvent.change(pago, { target: { value: '' } });
    await screen.findByRole('combobox', { name: 'Medio de pago' });
    expect(window.location.search).toBe('?dia=miercoles');
  });

  it('"Hoy" and a weekday both choose the day: the one chosen last stands, in the URL and on screen', async () => {
    const sent = mockApi(answer(contract.promociones.list, () => page([promoOf(1, 'Merienda', '2099-01-01')])));
    renderAppAt('/promociones?dia=martes');
    expect(await screen.findByRole('heading', { name: 'Merienda' })).toBeInTheDocument();
    const dia = screen.getByRole('combobox', { name: 'Día' });
    expect(dia).toHaveValue('martes');

    fireEvent.click(screen.getByRole('button', { name: /Hoy/ }));
    await waitFor(() => expect(window.location.search).toBe('?hoy=1'));
    expect(screen.getByRole('button', { name: /Hoy/ })).toHaveAttribute('aria-pressed', 'true');
    expect(dia).toHaveValue('');
    await waitFor(() => expect(sent.to(contract.promociones.list).at(-1)?.url.search).toBe('?hoy=true&page=1'));

    fireEvent.change(dia, { target: { value: 'jueves' } });
    await waitFor(() => expect(window.location.search).toBe('?dia=jueves'));
    expect(screen.getByRole('button', { name: /Hoy/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by bank or card text through the URL with the other filters, and drops it when emptied', async () => {
    const sent = mockApi(
      answer(contract.promociones.list, ({ url }) =>
        url.searchParams.get('banco') === 'galicia' ? page([]) : page([promoOf(1, 'Nación con MODO', '2099-01-01')]),
      ),
    );
    renderAppAt('/promociones?pago=modo');
    expect(await screen.findByRole('heading', { name: 'Nación con MODO' })).toBeInTheDocument();
    const banco = screen.getByRole('searchbox', { name: 'Banco o tarjeta' });
    fireEvent.change(banco, { target: { value: '  Nación ' } });
    fireEvent.submit(banco);
    await waitFor(() => expect(window.location.search).toBe('?pago=modo&banco=Naci%C3%B3n'));
    await waitFor(() =>
      expect(sent.to(contract.promociones.list).at(-1)?.url.search).toBe('?pago=modo&banco=Naci%C3%B3n&page=1'),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Banco o tarjeta' }), { target: { value: 'galicia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar por banco o tarjeta' }));
    expect(
      await screen.findByText(
        'No hay promociones con esos filtros. Probá con otro banco o tarjeta, medio de pago o día.',
      ),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('?pago=modo&banco=galicia');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Banco o tarjeta' }), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('searchbox', { name: 'Banco o tarjeta' }));
    await waitFor(() => expect(window.location.search).toBe('?pago=modo'));
  });

  it('drops a means of payment or weekday it does not know instead of asking the server with it', async () => {
    const sent = mockApi(answer(contract.promociones.list, () => page([promoOf(1, 'Merienda', '2099-01-01')])));
    renderAppAt('/promociones?pago=bitcoin&dia=feriado');
    expect(await screen.findByRole('heading', { name: 'Merienda' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Medio de pago' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Día' })).toHaveValue('');
    expect(sent.to(contract.promociones.list)[0]?.url.search).toBe('?page=1');
  });

  it('offline, says the next page waits for the connection, keeps the cards and loads it when it returns', async () => {
    const sent = mockApi(
      answer(contract.promociones.list, ({ url }) =>
        url.searchParams.get('page') === '2'
          ? page([promoOf(2, 'Café gratis', '2099-02-01')], false, 2)
          : page([promoOf(1, 'Merienda para dos', '2099-01-01')], true),
      ),
    );
    renderAppAt('/promociones');
    expect(await screen.findByRole('heading', { name: 'Merienda para dos' })).toBeInTheDocument();
    onlineManager.setOnline(false);
    // jsdom lays nothing out: a page shorter than the window is past the scroll threshold (spec §9).
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 100 });
    try {
      fireEvent.scroll(window);
      expect(await screen.findByText(OFFLINE_MORE_PROMOS)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Merienda para dos' })).toBeInTheDocument();
      expect(sent.to(contract.promociones.list)).toHaveLength(1);
    } finally {
      act(() => onlineManager.setOnline(true));
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
    }
    expect(await screen.findByRole('heading', { name: 'Café gratis' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_MORE_PROMOS)).toBeNull();
  });

  it('opened offline before any promotion was loaded, says so instead of a skeleton forever, and loads once back', async () => {
    // Found in a stranger's round: "Cargando promociones…" and the shimmering cards stayed until the connection came.
    const sent = mockApi(
      answer(contract.promociones.list, () => page([promoOf(1, 'Merienda para dos', '2099-01-01')])),
    );
    onlineManager.setOnline(false);
    try {
      renderAppAt('/promociones');
      expect(await screen.findByText(OFFLINE_PROMOS_NOTICE)).toBeInTheDocument();
      expect(screen.queryByText('Cargando promociones…')).toBeNull();
      expect(sent.to(contract.promociones.list)).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('heading', { name: 'Merienda para dos' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_PROMOS_NOTICE)).toBeNull();
  });
});
