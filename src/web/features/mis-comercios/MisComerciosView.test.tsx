// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Comercio } from '#shared/api';
import { contract } from '#shared/contract';
import { formatLongInstant } from '#shared/rules/dates-owner';
import {
  answer,
  apiError,
  comercioOf,
  MIS_COMERCIOS_MODULES,
  mockApi,
  preloadLazyModules,
  renderAppAt,
  signedIn,
} from '#test/web/harness';
import { announceSaved, peekSaved } from './highlight';
import { PAGOS_OFFLINE } from './PagosHistorial';

preloadLazyModules(...MIS_COMERCIOS_MODULES);

const DAY = 86_400_000;

/** Mis Comercios of a signed-in owner whose list is `items()` (read on every request), deletions answered by `remove`. */
function signedInAt(items: () => Comercio[], remove?: Parameters<typeof answer<typeof contract.comercios.remove>>[1]) {
  const sent = mockApi(
    signedIn(),
    answer(contract.comercios.mine, () => ({ items: items() })),
    ...(remove ? [answer(contract.comercios.remove, remove)] : []),
  );
  renderAppAt('/mis-comercios');
  return sent;
}

/** Mis Comercios at `path` (e.g. with ?renovar=) with `items` and whatever else the test answers. */
function openMine(path: string, items: Comercio[], ...handlers: HttpHandler[]) {
  mockApi(
    signedIn(),
    answer(contract.comercios.mine, () => ({ items })),
    ...handlers,
  );
  renderAppAt(path);
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
    signedInAt(() => items);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tus comercios (3)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const unpaid = screen.getByRole('article', { name: 'Sin Pagar' });
    expect(within(unpaid).getByText('No publicado')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: /^Publicar por 30 dias - \$450 / })).toBeInTheDocument();

    const active = screen.getByRole('article', { name: 'Al Día' });
    expect(within(active).getByText('Publicación Activa - Pago vigente · quedan 25 días')).toBeInTheDocument();
    expect(
      within(active).getByText(`Pagado hasta el ${formatLongInstant(new Date(activePaid.getTime() + 30 * DAY))}`),
    ).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: /^Publicar por 30 dias - \$450 / })).toBeNull();

    const expired = screen.getByRole('article', { name: 'Vencido' });
    expect(
      within(expired).getByText(`Vencido desde el ${formatLongInstant(new Date(expiredPaid.getTime() + 30 * DAY))}`),
    ).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: /^Publicar por 30 dias - \$450 / })).toBeInTheDocument();
    // Each button names its business, its visible word first: a screen reader's list tells the cards apart.
    for (const name of ['Editar Vencido', 'Ver Vencido', 'Eliminar Vencido', 'Publicar por 30 dias - $450 Vencido'])
      expect(within(expired).getByRole('button', { name })).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Editar Vencido' })).toHaveTextContent(/^Editar$/);
    expect(screen.getByRole('button', { name: 'Agregar otro comercio' })).toBeInTheDocument();
  });

  it('offers to renew in the last 7 days: "Publicación Activa · quedan 5 días · Renovar"', async () => {
    const items = [
      comercioOf(4, 'Por Vencer', { pagoStatus: true, fechaPago: new Date(Date.now() - 25 * DAY).toISOString() }),
      comercioOf(5, 'Lejos', { pagoStatus: true, fechaPago: new Date(Date.now() - 22 * DAY).toISOString() }),
    ];
    openMine('/mis-comercios', items);
    const card = await screen.findByRole('article', { name: 'Por Vencer' }, { timeout: 5000 });
    const renew = within(card).getByRole('button', { name: 'Renovar' });
    expect(renew.parentElement!.textContent).toBe('Publicación Activa · quedan 5 días · Renovar');
    // Eight days left: not yet.
    const far = screen.getByRole('article', { name: 'Lejos' });
    expect(within(far).getByText('Publicación Activa - Pago vigente · quedan 8 días')).toBeInTheDocument();
    expect(within(far).queryByRole('button', { name: 'Renovar' })).toBeNull();
  });

  it('opens the renewal dialog when a reminder email links to ?renovar=<id>', async () => {
    const items = [
      comercioOf(6, 'Recordada', { pagoStatus: true, fechaPago: new Date(Date.now() - 29 * DAY).toISOString() }),
    ];
    openMine(
      '/mis-comercios?renovar=6',
      items,
      answer(contract.pagos.config, () => ({ provider: 'sandbox' as const, publicKey: null, amount: 450 })),
    );
    expect(await screen.findByRole('heading', { name: 'Renovar Recordada' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('renewal-period').textContent).toMatch(/^Del .+ al .+, sin cortes$/);
  });

  it('shows the last 30 days as an accessible chart with its summary, and the totals since publication', async () => {
    const dias = Array.from({ length: 30 }, (_, i) => ({
      dia: `2026-11-${String(i + 1).padStart(2, '0')}`,
      visitas: i === 29 ? 4 : 0,
      whatsapp: i === 29 ? 1 : 0,
      llamadas: 0,
      comoLlegar: 0,
      compartidos: 0,
    }));
    const total30 = { visitas: 4, whatsapp: 1, llamadas: 0, comoLlegar: 0, compartidos: 0 };
    const items = [comercioOf(7, 'Con Visitas', { pagoStatus: true, fechaPago: new Date().toISOString() })];
    openMine(
      '/mis-comercios',
      items,
      answer(contract.estadisticas.deComercio, ({ params }) =>
        params.id === '7'
          ? { dias, total30, totalHistorico: { ...total30, visitas: 10 } }
          : apiError(404, 'not_found', 'No encontramos este comercio.'),
      ),
    );
    const card = await screen.findByRole('article', { name: 'Con Visitas' }, { timeout: 5000 });
    expect(await within(card).findByText('4 visitas, 1 contacto por WhatsApp en 30 días')).toBeInTheDocument();
    const chart = within(card).getByRole('img', { name: /Visitas por día en los últimos 30 días/ });
    expect(chart.querySelector('desc')!.textContent).toBe(
      'Del 1 de noviembre de 2026 al 30 de noviembre de 2026: 4 visitas, 1 contacto por WhatsApp en 30 días.',
    );
    expect(within(card).getByTestId('estadisticas-totales').textContent).toBe(
      'Desde que se publicó: 10 visitas · 1 WhatsApp · 0 llamadas · 0 Cómo llegar · 0 compartidos',
    );
  });

  it('counts one in the singular, and says there are no visits yet instead of drawing an empty chart', async () => {
    const dia = (i: number, visitas: number, llamadas: number) => ({
      dia: `2026-11-${String(i + 1).padStart(2, '0')}`,
      visitas,
      whatsapp: 0,
      llamadas,
      comoLlegar: 0,
      compartidos: 0,
    });
    const zeros = { visitas: 0, whatsapp: 0, llamadas: 0, comoLlegar: 0, compartidos: 0 };
    const one = { ...zeros, visitas: 1, llamadas: 1, compartidos: 1 };
    openMine(
      '/mis-comercios',
      [
        comercioOf(7, 'Una Visita', { pagoStatus: true, fechaPago: new Date().toISOString() }),
        comercioOf(8, 'Recién Publicado', { pagoStatus: true, fechaPago: new Date().toISOString() }),
      ],
      answer(contract.estadisticas.deComercio, ({ params }) =>
        params.id === '7'
          ? {
              dias: Array.from({ length: 30 }, (_, i) => dia(i, i === 29 ? 1 : 0, i === 29 ? 1 : 0)),
              total30: one,
              totalHistorico: one,
            }
          : { dias: Array.from({ length: 30 }, (_, i) => dia(i, 0, 0)), total30: zeros, totalHistorico: zeros },
      ),
    );
    const card = await screen.findByRole('article', { name: 'Una Visita' }, { timeout: 10_000 });
    expect(await within(card).findByText('1 visita, 0 contactos por WhatsApp en 30 días')).toBeInTheDocument();
    expect(within(card).getByTestId('estadisticas-totales').textContent).toBe(
      'Desde que se publicó: 1 visita · 0 WhatsApp · 1 llamada · 0 Cómo llegar · 1 compartido',
    );
    const fresh = screen.getByRole('article', { name: 'Recién Publicado' });
    expect(await within(fresh).findByTestId('estadisticas-vacias')).toHaveTextContent(/^Todavía no hay visitas/);
    expect(within(fresh).queryByRole('img', { name: /Visitas por día/ })).toBeNull();
  });

  it('says "Cambios guardados" with the name of the business whose edit was just saved, once', async () => {
    announceSaved(7);
    openMine('/mis-comercios', [comercioOf(6, 'Otro'), comercioOf(7, 'Recién Editado')]);
    expect(await screen.findByTestId('cambios-guardados', {}, { timeout: 10_000 })).toHaveTextContent(
      'Cambios guardados: Recién Editado',
    );
    expect(peekSaved()).toBeNull();
  });

  it('offline, the payment history says it waits for the connection, and loads by itself when it returns', async () => {
    const fecha = '2026-11-22T15:05:00.000Z';
    const sent = mockApi(
      signedIn(),
      answer(contract.comercios.mine, () => ({ items: [comercioOf(4, 'Sin Señal')] })),
      answer(contract.pagos.historial, () => ({
        items: [
          {
            id: 9,
            fecha,
            status: 'processed',
            estado: 'aprobado',
            monto: 450,
            moneda: 'ARS',
            periodoDesde: fecha,
            periodoHasta: '2026-12-22T15:05:00.000Z',
            comprobante: true,
          },
        ],
      })),
    );
    renderAppAt('/mis-comercios');
    const card = await screen.findByRole('article', { name: 'Sin Señal' }, { timeout: 5000 });
    act(() => onlineManager.setOnline(false));
    try {
      fireEvent.click(within(card).getByText('Pagos y comprobantes'));
      expect(await within(card).findByText(PAGOS_OFFLINE)).toBeInTheDocument();
      expect(within(card).queryByText('Cargando los pagos…')).toBeNull();
      expect(sent.to(contract.pagos.historial)).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await within(card).findByRole('link', { name: 'Ver comprobante' })).toHaveAttribute(
      'href',
      '/mis-comercios/comprobante/9',
    );
    expect(within(card).queryByText(PAGOS_OFFLINE)).toBeNull();
  });

  it('tells the owner that a business is hidden by moderation, and why, without offering to pay', async () => {
    const items = [
      comercioOf(1, 'Oculto', {
        pagoStatus: true,
        fechaPago: new Date(Date.now() - 2 * DAY).toISOString(),
        ocultoMotivo: 'Fotos que no son del local',
      }),
    ];
    openMine('/mis-comercios', items);
    const card = await screen.findByRole('article', { name: 'Oculto' }, { timeout: 5000 });
    expect(within(card).getByText('Oculto por moderación: Fotos que no son del local')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Publicar por 30 dias - \$450 / })).toBeNull();
    // One status: not the green "Publicación Activa - Pago vigente" beside the red one; the payment is kept under it.
    expect(within(card).queryByText(/Publicación Activa/)).toBeNull();
    expect(within(card).getByText(/^Tu pago se mantiene: pagado hasta el .+ \(quedan 28 días\)\./)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Renovar' })).toBeNull();
  });

  it('shows the empty state with its button to register the first business', async () => {
    signedInAt(() => []);
    expect(
      await screen.findByText('Aún no tienes comercios registrados', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar mi primer comercio' }));
    await waitFor(() => expect(window.location.pathname).toBe('/registrar'));
  });

  it('deletes only after the confirmation, then tells it was deleted', async () => {
    let items = [comercioOf(1, 'Para Borrar'), comercioOf(2, 'Se Queda')];
    const sent = signedInAt(
      () => items,
      ({ params }) => {
        items = items.filter((c) => String(c.id) !== params.id);
        return null;
      },
    );

    const card = await screen.findByRole('article', { name: 'Para Borrar' });
    fireEvent.click(within(card).getByRole('button', { name: /^Eliminar / }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.to(contract.comercios.remove)).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: /^Eliminar / }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    const done = await screen.findByRole('alertdialog');
    await waitFor(() => expect(done).toHaveTextContent('El comercio ha sido eliminado correctamente.'));
    expect(screen.queryByRole('article', { name: 'Para Borrar' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Se Queda' })).toBeInTheDocument();
  });

  it('tells when the deletion failed', async () => {
    signedInAt(
      () => [comercioOf(1, 'Falla')],
      () => apiError(500, 'internal', 'x'),
    );
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Falla' })).getByRole('button', { name: 'Eliminar Falla' }),
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
    signedInAt(() => [comercioOf(1, 'Publicado', { pagoStatus: true, fechaPago: paidAt.toISOString() })]);
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Publicado' })).getByRole('button', {
        name: 'Eliminar Publicado',
      }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      `¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer. Está publicado hasta el ${formatLongInstant(new Date(paidAt.getTime() + 30 * DAY))}: deja de verse ahora mismo y los días pagos que quedan no se reembolsan.`,
    );
  });

  it('says why the server refused: a payment still in process', async () => {
    const message =
      'No podés eliminar este comercio mientras su pago está en proceso. Esperá a que se acredite o se rechace (suele tardar unos segundos) y volvé a intentar.';
    signedInAt(
      () => [comercioOf(1, 'Pagando')],
      () => apiError(409, 'payment_in_progress', message),
    );
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Pagando' })).getByRole('button', { name: 'Eliminar Pagando' }),
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
