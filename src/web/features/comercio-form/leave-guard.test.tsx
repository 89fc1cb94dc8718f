// @vitest-environment jsdom
import '#test/web/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComercioEditable } from '#shared/api';
import { contract } from '#shared/contract';
import { DISCARD_CHANGES } from '#web/components/leave-guard';
import {
  answer,
  comercioOf,
  detalleOf,
  MIS_COMERCIOS_MODULES,
  mockApi,
  preloadLazyModules,
  renderAppAt,
  signedIn,
} from '#test/web/harness';

preloadLazyModules(...MIS_COMERCIOS_MODULES, () => import('./EditarView'));

function editable(): ComercioEditable {
  const { publicado: _p, esPropio: _e, ...rest } = detalleOf(5, 'Almacén Don Pepe', { pagoStatus: false });
  return { ...rest, promociones: [], revision: 'r1' };
}

type User = ReturnType<typeof userEvent.setup>;

/** Mis Comercios, then "Editar" on its one business: the edit form is one history entry after the list. */
async function editForm() {
  const sent = mockApi(
    signedIn(),
    answer(contract.comercios.mine, () => ({ items: [comercioOf(5, 'Almacén Don Pepe')] })),
    answer(contract.comercios.editable, () => editable()),
    answer(contract.comercios.update, () => editable()),
  );
  const user = userEvent.setup();
  renderAppAt('/mis-comercios');
  const card = await screen.findByRole('article', { name: 'Almacén Don Pepe' }, { timeout: 5000 });
  await user.click(within(card).getByRole('button', { name: 'Editar Almacén Don Pepe' }));
  const nombre = await screen.findByRole('textbox', { name: /Nombre del comercio/ }, { timeout: 5000 });
  await waitFor(() => expect(nombre).toHaveValue('Almacén Don Pepe'));
  const editPath = window.location.pathname;
  return { sent, user, nombre, editPath };
}

async function reply(user: User, button: 'Seguir editando' | 'Descartar cambios') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(DISCARD_CHANGES);
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe("unsaved changes in the business form (found in a stranger's round: a stray tap lost them)", () => {
  it('asks before a link or Back leaves them; staying keeps every letter, discarding leaves', async () => {
    const { sent, user, nombre, editPath } = await editForm();
    await user.type(nombre, ' y Sobrinos');

    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await reply(user, 'Seguir editando');
    expect(window.location.pathname).toBe(editPath);
    expect(screen.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue('Almacén Don Pepe y Sobrinos');

    // Back has already moved the address when the app hears of it: it is put back while the dialog asks.
    window.history.back();
    await reply(user, 'Seguir editando');
    expect(window.location.pathname).toBe(editPath);
    expect(screen.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue('Almacén Don Pepe y Sobrinos');

    // A reload or a closed tab: the browser asks in its own words.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // Signing out from the menu asks too, and staying keeps the session.
    await user.click(screen.getByRole('button', { name: 'Menú' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menú' })).getByRole('button', { name: 'Cerrar Sesión' }),
    );
    await reply(user, 'Seguir editando');
    expect(sent.to(contract.auth.signOut)).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue('Almacén Don Pepe y Sobrinos');

    window.history.back();
    await reply(user, 'Descartar cambios');
    await waitFor(() => expect(window.location.pathname).toBe('/mis-comercios'));
    expect(await screen.findByRole('article', { name: 'Almacén Don Pepe' })).toBeInTheDocument();
  });

  it('does not ask when nothing changed, nor after the changes are saved', async () => {
    const first = await editForm();
    await first.user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(window.location.pathname).toBe('/mis-comercios'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    const { sent, user, nombre } = await editForm();
    await user.type(nombre, ' y Sobrinos');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(window.location.pathname).toBe('/mis-comercios'));
    expect(sent.bodies(contract.comercios.update, { id: 5 })[0]).toMatchObject({
      nombre: 'Almacén Don Pepe y Sobrinos',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
