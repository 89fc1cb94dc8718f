// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { REVISION_PENDIENTE, type Revision } from '#shared/revisiones';
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

preloadLazyModules(...MIS_COMERCIOS_MODULES);

const hidden = comercioOf(7, 'Heladería Polar', {
  pagoStatus: true,
  fechaPago: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  ocultoMotivo: 'Fotos que no son del local',
});

const revisionOf = (over: Partial<Revision>): Revision => ({
  id: 3,
  estado: 'pendiente',
  nota: 'Subimos fotos propias del local.',
  respuesta: null,
  createdAt: new Date().toISOString(),
  resueltaAt: null,
  ...over,
});

async function openCard(...handlers: Parameters<typeof mockApi>) {
  const sent = mockApi(
    signedIn(),
    answer(contract.comercios.mine, () => ({ items: [hidden] })),
    ...handlers,
  );
  renderAppAt('/mis-comercios');
  const card = await screen.findByRole('article', { name: 'Heladería Polar' }, { timeout: 5000 });
  return { sent, card };
}

describe('"Pedir revisión" on a business hidden by moderation', () => {
  it('sends the note from a dialog, checked first, then says the request is pending', async () => {
    let revision: Revision | null = null;
    const { sent, card } = await openCard(
      answer(contract.revisiones.latest, () => ({ revision })),
      answer(
        contract.revisiones.create,
        ({ body }) => (revision = revisionOf({ nota: (body as { nota: string }).nota })),
      ),
    );
    fireEvent.click(await within(card).findByRole('button', { name: 'Pedir revisión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir revisión' });
    const nota = within(dialog).getByRole('textbox', { name: /Tu nota para el equipo/ });

    fireEvent.change(nota, { target: { value: 'Hola' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(
      await within(dialog).findByText('Contanos por qué pedís la revisión (al menos 10 caracteres).'),
    ).toBeInTheDocument();
    expect(sent.to(contract.revisiones.create)).toHaveLength(0);

    fireEvent.change(nota, { target: { value: '  Cambiamos las fotos por unas del local.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.bodies(contract.revisiones.create, { id: 7 })).toEqual([
      { nota: 'Cambiamos las fotos por unas del local.' },
    ]);
    expect(within(card).getByText(/^Pedido de revisión enviado el /)).toBeInTheDocument();
    expect(within(card).getByText(/Tu nota: «Cambiamos las fotos por unas del local\.»/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Pedir/ })).toBeNull();
  });

  it("shows the server's refusal inside the dialog", async () => {
    const { card } = await openCard(
      answer(contract.revisiones.latest, () => ({ revision: null })),
      answer(contract.revisiones.create, () => apiError(409, 'revision_pending', REVISION_PENDIENTE)),
    );
    fireEvent.click(await within(card).findByRole('button', { name: 'Pedir revisión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir revisión' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Por favor revisen el comercio.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText(REVISION_PENDIENTE)).toBeInTheDocument();
  });

  it("shows the operator's answer to a rejected request, and lets the owner ask again", async () => {
    const { card } = await openCard(
      answer(contract.revisiones.latest, () => ({
        revision: revisionOf({
          estado: 'rechazado',
          respuesta: 'Las fotos siguen siendo de otro local.',
          resueltaAt: new Date().toISOString(),
        }),
      })),
    );
    expect(await within(card).findByText('Revisamos tu pedido y el comercio sigue oculto.')).toBeInTheDocument();
    expect(within(card).getByText('Respuesta: Las fotos siguen siendo de otro local.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Pedir otra revisión' })).toBeInTheDocument();
  });
});
