// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleComercioCards } from '#shared/sample/comercios';
import { contract } from '#shared/contract';
import { answer, apiError, cardOf, detalleOf, mockApi, page, promoOf, renderAppAt } from '#test/web/harness';
import { saveLastGoodPage } from './saved-pages';
import { EMPTY_MESSAGE, FALLBACK_NOTICE, OFFLINE_LIST_NOTICE } from './ListaView';

const HOY_VACIO = 'Hoy no hay promociones que apliquen.';

const gridRegion = () => screen.getByRole('region', { name: 'Descubrí comercios de tu zona' });

const failing = answer(contract.comercios.list, () => apiError(503, 'internal', 'Error interno.'));

describe('lista', () => {
  it('shows the server page and keeps filters in the URL', async () => {
    const sent = mockApi(
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe'), cardOf(2, 'Kiosco Luz')])),
    );
    renderAppAt('/?localidad=Guaymallen');
    expect(await screen.findByRole('link', { name: 'Almacén Don Pepe' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/comercio/1-almacen-don-pepe',
    );
    expect(screen.getByRole('combobox', { name: 'Localidad' })).toHaveValue('Guaymallen');
    expect(sent.to(contract.comercios.list)[0]?.url.searchParams.get('localidad')).toBe('Guaymallen');

    fireEvent.change(screen.getByRole('combobox', { name: 'Localidad' }), { target: { value: 'Capital' } });
    expect(window.location.search).toBe('?localidad=Capital');
  });

  it('offline, says the list waits for the connection and loads it by itself when the connection returns', async () => {
    const sent = mockApi(answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])));
    onlineManager.setOnline(false);
    try {
      renderAppAt('/?categoria=Almac%C3%A9n');
      expect(await screen.findByText(OFFLINE_LIST_NOTICE)).toBeInTheDocument();
      expect(screen.getByText(/^Sin conexión\. Lo que ya cargaste sigue a la vista/)).toBeInTheDocument();
      expect(sent.to(contract.comercios.list)).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('link', { name: 'Almacén Don Pepe' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_LIST_NOTICE)).toBeNull();
  });

  it('offline, says the next page waits for the connection, keeps the cards and loads it when it returns', async () => {
    const sent = mockApi(
      answer(contract.comercios.list, ({ url }) =>
        url.searchParams.get('page') === '2'
          ? page([cardOf(2, 'Kiosco Luz')], false, 2)
          : page([cardOf(1, 'Almacén Don Pepe')], true),
      ),
    );
    renderAppAt('/');
    expect(await screen.findByRole('link', { name: 'Almacén Don Pepe' }, { timeout: 5000 })).toBeInTheDocument();
    onlineManager.setOnline(false);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Cargar más' }));
      // Under the grid, where the visitor is looking (the banner at the top has scrolled away by then).
      expect(await within(gridRegion()).findByText('No pudimos cargar más comercios.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Almacén Don Pepe' })).toBeInTheDocument();
      expect(sent.to(contract.comercios.list)).toHaveLength(1);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('link', { name: 'Kiosco Luz' })).toBeInTheDocument();
    expect(screen.queryByText('No pudimos cargar más comercios.')).toBeNull();
  });

  it('Enter keeps the focus in the search box and the number found is announced; a link skips to the results', async () => {
    mockApi(
      answer(contract.comercios.list, ({ url }) =>
        url.searchParams.get('q') === 'kiosco'
          ? page([cardOf(2, 'Kiosco Luz'), cardOf(3, 'Kiosco Sol')])
          : page([cardOf(1, 'Almacén Don Pepe')]),
      ),
    );
    renderAppAt('/');
    await screen.findByRole('link', { name: 'Almacén Don Pepe' }, { timeout: 5000 });
    const status = within(gridRegion()).getByRole('status');
    expect(status).toHaveTextContent(/^1 comercio$/);
    const box = await screen.findByRole('searchbox', { name: 'Buscar comercios' }, { timeout: 5000 });
    box.focus();
    fireEvent.change(box, { target: { value: 'kiosco' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByRole('link', { name: 'Kiosco Sol' })).toBeInTheDocument();
    expect(status).toHaveTextContent('2 comercios');
    expect(box).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ir a los resultados' })).toHaveAttribute('href', '#resultados');
    expect(gridRegion()).toHaveAttribute('id', 'resultados');
  });

  it('shows the spec empty message', async () => {
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/?q=zzz');
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
  });

  it('shows the featured strip without a search and hides it while searching', async () => {
    mockApi(
      answer(contract.promociones.destacadas, () => ({ items: [promoOf(1, 'Dos por uno', '2099-01-01')] })),
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])),
    );
    renderAppAt('/');
    expect(await screen.findByRole('heading', { name: 'Promociones Destacadas' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dos por uno' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar comercios' }), { target: { value: 'pan' } });
    await waitFor(() => expect(window.location.search).toBe('?q=pan'), { timeout: 2000 });
    expect(screen.queryByRole('heading', { name: 'Promociones Destacadas' })).toBeNull();
  });

  it('"Hoy" keeps only today\'s promotions in the strip, in the URL with the other filters, and says when none apply', async () => {
    const sent = mockApi(
      answer(contract.promociones.destacadas, ({ url }) =>
        url.searchParams.get('hoy') ? { items: [] } : { items: [promoOf(1, 'Dos por uno', '2099-01-01')] },
      ),
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])),
    );
    renderAppAt('/?localidad=Capital');
    expect(await screen.findByRole('heading', { name: 'Dos por uno' }, { timeout: 4000 })).toBeInTheDocument();
    const hoy = screen.getByRole('button', { name: 'Hoy' });
    expect(hoy).toHaveAttribute('aria-pressed', 'false');
    hoy.focus();
    fireEvent.click(hoy);
    expect(window.location.search).toBe('?localidad=Capital&hoy=1');
    expect(await screen.findByText(HOY_VACIO, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hoy' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Hoy' })).toHaveFocus();
    const strip = sent.to(contract.promociones.destacadas).at(-1)!.url.searchParams;
    expect([strip.get('hoy'), strip.get('localidad')]).toEqual(['true', 'Capital']);
    // The business grid does not depend on it: no second request for the same businesses.
    expect(sent.to(contract.comercios.list)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(window.location.search).toBe('?localidad=Capital');
    expect(await screen.findByRole('heading', { name: 'Dos por uno' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('falls back to the last good page of the same filters, with a notice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    saveLastGoodPage({ q: '', categoria: '', localidad: 'Capital' }, [cardOf(9, 'Guardado en Capital')]);
    mockApi(failing);
    renderAppAt('/?localidad=Capital');
    expect(await screen.findByRole('link', { name: 'Guardado en Capital' })).toBeInTheDocument();
    expect(screen.getByText(FALLBACK_NOTICE).closest('[role="status"]')).not.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('falls back to the bundled sample when nothing was saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(failing);
    renderAppAt('/');
    const first = sampleComercioCards(new Date())[0]!;
    expect(await screen.findByRole('link', { name: first.nombre }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(FALLBACK_NOTICE)).toBeInTheDocument();
  });

  it('falls back to "Otro" when the categories fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      answer(contract.comercios.categorias, () => apiError(500, 'x', 'x')),
      answer(contract.comercios.list, () => page([])),
    );
    renderAppAt('/');
    const group = screen.getByRole('toolbar', { name: 'Categorías' });
    expect(await within(group).findByRole('button', { name: 'Otro' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens detalle from a card and comes back to the same filters', async () => {
    mockApi(
      answer(contract.comercios.list, () => page([cardOf(4, 'Verdulería Lola')])),
      answer(contract.comercios.detail, ({ params }) =>
        params.id === '4'
          ? detalleOf(4, 'Verdulería Lola')
          : apiError(404, 'not_found', 'No encontramos este comercio.'),
      ),
    );
    renderAppAt('/?categoria=Almac%C3%A9n');
    fireEvent.click(await screen.findByRole('link', { name: 'Verdulería Lola' }));
    expect(window.location.pathname).toBe('/comercio/4-verduleria-lola');
    expect(window.scrollTo).toHaveBeenCalled();
    await screen.findByRole('heading', { level: 1, name: 'Verdulería Lola' });

    fireEvent.click(screen.getByRole('link', { name: 'Volver' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.search).toBe('?categoria=Almac%C3%A9n');
    expect(await screen.findByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeInTheDocument();
  });
  it('"Lista / Mapa" shows the same filters on a map, kept in the URL', async () => {
    const sent = mockApi(
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])),
      answer(contract.comercios.mapa, () => ({
        items: [
          { id: 1, nombre: 'Almacén Don Pepe', categoria: 'Almacén', lat: -32.89, lng: -68.84 },
          { id: 2, nombre: 'Kiosco Luz', categoria: 'Kiosco', lat: -32.9, lng: -68.85 },
        ],
        truncated: false,
      })),
    );
    renderAppAt('/?categoria=Almac%C3%A9n');
    await screen.findByRole('link', { name: 'Almacén Don Pepe' });
    expect(sent.to(contract.comercios.mapa)).toHaveLength(0);
    const vista = screen.getByRole('group', { name: 'Ver resultados como' });
    expect(within(vista).getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(vista).getByRole('button', { name: 'Mapa' }));
    expect(window.location.search).toBe('?categoria=Almac%C3%A9n&vista=mapa');
    expect(await screen.findByRole('region', { name: 'Mapa de resultados: 2 comercios' })).toBeInTheDocument();
    expect(sent.to(contract.comercios.mapa)[0]?.url.searchParams.get('categoria')).toBe('Almacén');
    expect(screen.queryByRole('link', { name: 'Almacén Don Pepe' })).toBeNull();

    fireEvent.click(within(vista).getByRole('button', { name: 'Lista' }));
    expect(window.location.search).toBe('?categoria=Almac%C3%A9n');
    expect(await screen.findByRole('link', { name: 'Almacén Don Pepe' })).toBeInTheDocument();
  });
});
