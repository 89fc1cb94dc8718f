// @vitest-environment jsdom
import '../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comercio } from '#shared/api';
import { formatLongInstant } from '#shared/rules/dates';
import { detalleOf, fakeApi, json, renderAppAt, type Route } from '#web/test/harness';

const DAY = 86_400_000;

function comercioOf(id: number, nombre: string, over: Partial<Comercio> = {}): Comercio {
  const { publicado: _p, esPropio: _e, promociones: _pr, ...base } = detalleOf(id, nombre);
  return { ...base, pagoStatus: false, fechaPago: null, ...over };
}

const session: Route = (url) =>
  url.pathname === '/api/auth/get-session'
    ? json({ user: { id: 'u1', email: 'duena@ejemplo.com', name: 'La Dueña' }, session: {} })
    : undefined;

function signedInAt(path: string, ...routes: Route[]) {
  localStorage.setItem('vidriera.sesion', '1');
  const fetchFn = fakeApi(session, ...routes);
  renderAppAt(path);
  return fetchFn;
}

describe('Mis Comercios', () => {
  it('shows each publication state with the spec texts and the payment button only when unpublished', async () => {
    const activePaid = new Date(Date.now() - 5 * DAY);
    const expiredPaid = new Date(Date.now() - 40 * DAY);
    const items = [
      comercioOf(1, 'Sin Pagar'),
      comercioOf(2, 'Al Día', { pagoStatus: true, fechaPago: activePaid.toISOString() }),
      comercioOf(3, 'Vencido', { pagoStatus: true, fechaPago: expiredPaid.toISOString() }),
    ];
    signedInAt('/mis-comercios', (url) => (url.pathname === '/api/mis-comercios' ? json({ items }) : undefined));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tus comercios (3)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const unpaid = screen.getByRole('article', { name: 'Sin Pagar' });
    expect(within(unpaid).getByText('No publicado')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: 'Publicar por 30 dias - $450' })).toBeInTheDocument();

    const active = screen.getByRole('article', { name: 'Al Día' });
    expect(within(active).getByText('Publicación Activa - Pago vigente · quedan 25 días')).toBeInTheDocument();
    expect(
      within(active).getByText(`Pagado hasta el ${formatLongInstant(new Date(activePaid.getTime() + 30 * DAY))}`),
    ).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: 'Publicar por 30 dias - $450' })).toBeNull();

    const expired = screen.getByRole('article', { name: 'Vencido' });
    expect(
      within(expired).getByText(`Vencido desde el ${formatLongInstant(new Date(expiredPaid.getTime() + 30 * DAY))}`),
    ).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Publicar por 30 dias - $450' })).toBeInTheDocument();
    for (const name of ['Editar', 'Ver', 'Eliminar'])
      expect(within(expired).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar otro comercio' })).toBeInTheDocument();
  });

  it('tells the owner that a business is hidden by moderation, and why, without offering to pay', async () => {
    const items = [
      comercioOf(1, 'Oculto', {
        pagoStatus: true,
        fechaPago: new Date(Date.now() - 2 * DAY).toISOString(),
        ocultoMotivo: 'Fotos que no son del local',
      }),
    ];
    signedInAt('/mis-comercios', (url) => (url.pathname === '/api/mis-comercios' ? json({ items }) : undefined));
    const card = await screen.findByRole('article', { name: 'Oculto' }, { timeout: 5000 });
    expect(within(card).getByText('Oculto por moderación: Fotos que no son del local')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Publicar por 30 dias - $450' })).toBeNull();
  });

  it('shows the empty state with its button to register the first business', async () => {
    signedInAt('/mis-comercios', (url) => (url.pathname === '/api/mis-comercios' ? json({ items: [] }) : undefined));
    expect(
      await screen.findByText('Aún no tienes comercios registrados', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar mi primer comercio' }));
    await waitFor(() => expect(window.location.pathname).toBe('/registrar'));
  });

  it('deletes only after the confirmation, then tells it was deleted', async () => {
    let items = [comercioOf(1, 'Para Borrar'), comercioOf(2, 'Se Queda')];
    const fetchFn = signedInAt('/mis-comercios', (url) =>
      url.pathname === '/api/mis-comercios' ? json({ items }) : undefined,
    );
    const original = fetchFn.getMockImplementation()!;
    fetchFn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'DELETE' && url.pathname === '/api/comercios/1') {
        items = items.filter((c) => c.id !== 1);
        return new Response(null, { status: 204 });
      }
      return original(input);
    });

    const card = await screen.findByRole('article', { name: 'Para Borrar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(
      fetchFn.mock.calls.some((call) => ((call as unknown[])[1] as RequestInit | undefined)?.method === 'DELETE'),
    ).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    const done = await screen.findByRole('alertdialog');
    await waitFor(() => expect(done).toHaveTextContent('El comercio ha sido eliminado correctamente.'));
    expect(screen.queryByRole('article', { name: 'Para Borrar' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Se Queda' })).toBeInTheDocument();
  });

  it('tells when the deletion failed', async () => {
    const fetchFn = signedInAt('/mis-comercios', (url) =>
      url.pathname === '/api/mis-comercios' ? json({ items: [comercioOf(1, 'Falla')] }) : undefined,
    );
    const original = fetchFn.getMockImplementation()!;
    fetchFn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'DELETE' ? json({ error: { code: 'internal', message: 'x' } }, 500) : original(input),
    );
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Falla' })).getByRole('button', { name: 'Eliminar' }),
    );
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(screen.getByRole('alertdialog')).toHaveTextContent(
        'Error al eliminar el comercio. Por favor intente nuevamente.',
      ),
    );
  });

  it('tells the owner of a published business that the remaining paid days are not refunded', async () => {
    const paidAt = new Date(Date.now() - 10 * DAY);
    signedInAt('/mis-comercios', (url) =>
      url.pathname === '/api/mis-comercios'
        ? json({ items: [comercioOf(1, 'Publicado', { pagoStatus: true, fechaPago: paidAt.toISOString() })] })
        : undefined,
    );
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Publicado' })).getByRole('button', { name: 'Eliminar' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      `¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer. Está publicado hasta el ${formatLongInstant(new Date(paidAt.getTime() + 30 * DAY))}: deja de verse ahora mismo y los días pagos que quedan no se reembolsan.`,
    );
  });

  it('says why the server refused: a payment still in process', async () => {
    const message =
      'No podés eliminar este comercio mientras su pago está en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';
    const fetchFn = signedInAt('/mis-comercios', (url) =>
      url.pathname === '/api/mis-comercios' ? json({ items: [comercioOf(1, 'Pagando')] }) : undefined,
    );
    const original = fetchFn.getMockImplementation()!;
    fetchFn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'DELETE' ? json({ error: { code: 'payment_in_progress', message } }, 409) : original(input),
    );
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Pagando' })).getByRole('button', { name: 'Eliminar' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    // Not published: the spec's text alone.
    expect(confirm.textContent).toBe(
      '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.CancelarEliminar',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveTextContent(message));
    expect(screen.getByRole('article', { name: 'Pagando' })).toBeInTheDocument();
  });
});
