// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { contract, type FavoritoGuardado } from '#shared/contract';
import { answer, apiError, cardOf, mockApi, OWNER, page, promoOf, renderAppAt, signedIn } from '#test/web/harness';

const WAIT = { timeout: 4000 };
const DEVICE_KEY = 'vidriera.favoritos';
const device = () => JSON.parse(localStorage.getItem(DEVICE_KEY) ?? '[]') as FavoritoGuardado[];
const saveOnDevice = (items: FavoritoGuardado[]) => localStorage.setItem(DEVICE_KEY, JSON.stringify(items));

const answerCards = answer(contract.favoritos.list, ({ url }) => ({
  comercios: (url.searchParams.get('comercios') ?? '')
    .split(',')
    .filter(Boolean)
    .map((id) => cardOf(Number(id), id === '1' ? 'Almacén Uno' : 'Kiosco Dos')),
  promociones: (url.searchParams.get('promociones') ?? '')
    .split(',')
    .filter(Boolean)
    .map((id) => promoOf(Number(id), 'Dos por uno', '2099-01-01')),
}));

describe('favourites on the account', () => {
  it('merges the device list once after login, shows the union, keeps a copy on the device and after signing out', async () => {
    saveOnDevice([{ kind: 'comercio', id: 1, nombre: 'Almacén Uno' }]);
    const union: FavoritoGuardado[] = [
      { kind: 'comercio', id: 2, nombre: 'Kiosco Dos' },
      { kind: 'comercio', id: 1, nombre: 'Almacén Uno' },
      { kind: 'promocion', id: 7, nombre: 'Dos por uno' },
    ];
    const sent = mockApi(
      signedIn(),
      answer(contract.favoritos.merge, () => ({ items: union })),
      answer(contract.favoritos.mine, () => ({ items: union })),
      answerCards,
      answer(contract.auth.signOut, () => ({ success: true })),
      answer(contract.comercios.list, () => page([])),
    );
    const first = renderAppAt('/favoritos');
    expect(await screen.findByRole('link', { name: 'Kiosco Dos' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dos por uno' })).toBeInTheDocument();
    expect(sent.bodies(contract.favoritos.merge)).toEqual([{ items: [{ kind: 'comercio', id: 1 }] }]);
    await waitFor(() => expect(device()).toEqual(union), WAIT);

    // The next load of the same session only reads the account's list.
    first.unmount();
    renderAppAt('/favoritos');
    expect(await screen.findByRole('link', { name: 'Kiosco Dos' }, WAIT)).toBeInTheDocument();
    expect(sent.to(contract.favoritos.merge)).toHaveLength(1);
    expect(sent.to(contract.favoritos.mine)).toHaveLength(1);

    // Signing out (which goes home) keeps the device's list.
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Salir' })).toBeNull(), WAIT);
    fireEvent.click(screen.getAllByRole('link', { name: 'Favoritos' })[0]!);
    expect(await screen.findByRole('link', { name: 'Kiosco Dos' }, WAIT)).toBeInTheDocument();
    expect(device()).toEqual(union);
    // The next login merges again (what was saved meanwhile as a guest joins the account).
    expect(localStorage.getItem('vidriera.favoritos.cuenta')).toBeNull();
  });

  it('saves with the heart on the server at once on screen, and undoes it with a Spanish message if that fails', async () => {
    // The account's list as the server keeps it; saving the kiosco fails.
    const onServer: FavoritoGuardado[] = [];
    const sent = mockApi(
      signedIn(),
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Uno'), cardOf(2, 'Kiosco Dos')])),
      answer(contract.favoritos.mine, () => ({ items: onServer })),
      answer(contract.favoritos.add, async ({ params }) => {
        // Slow enough to see the heart filled before the failure undoes it.
        if (params.id === '2') return delay(1000).then(() => apiError(503, 'internal', 'Error interno.'));
        onServer.push({ kind: 'comercio', id: 1, nombre: 'Almacén Uno' });
        return null;
      }),
    );
    renderAppAt('/');
    const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;
    await screen.findByRole('link', { name: 'Almacén Uno' }, WAIT);
    await waitFor(() => expect(sent.to(contract.favoritos.merge)).toHaveLength(1), WAIT);

    fireEvent.click(within(card('Almacén Uno')).getByRole('button', { name: 'Guardar Almacén Uno en favoritos' }));
    expect(
      await within(card('Almacén Uno')).findByRole('button', { name: 'Quitar Almacén Uno de favoritos' }, WAIT),
    ).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(sent.to(contract.favoritos.add, { kind: 'comercio', id: 1 })).toHaveLength(1), WAIT);
    await waitFor(() => expect(device()).toEqual([{ kind: 'comercio', id: 1, nombre: 'Almacén Uno' }]), WAIT);

    fireEvent.click(within(card('Kiosco Dos')).getByRole('button', { name: 'Guardar Kiosco Dos en favoritos' }));
    expect(
      await within(card('Kiosco Dos')).findByRole('button', { name: 'Quitar Kiosco Dos de favoritos' }, WAIT),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'No pudimos guardar el favorito. Revisá tu conexión e intentá de nuevo.',
    );
    expect(within(card('Kiosco Dos')).getByRole('button', { name: 'Guardar Kiosco Dos en favoritos' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(
      within(card('Almacén Uno')).getByRole('button', { name: 'Quitar Almacén Uno de favoritos' }),
    ).toBeInTheDocument();
    expect(device()).toEqual([{ kind: 'comercio', id: 1, nombre: 'Almacén Uno' }]);
  });

  it("shows the server's refusal in its own words", async () => {
    const sent = mockApi(
      signedIn(OWNER),
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Uno')])),
      answer(contract.favoritos.add, () =>
        apiError(400, 'limit', 'Podés guardar hasta 500 favoritos. Quitá alguno para guardar otro.'),
      ),
    );
    renderAppAt('/');
    await screen.findByRole('link', { name: 'Almacén Uno' }, WAIT);
    await waitFor(() => expect(sent.to(contract.favoritos.merge)).toHaveLength(1), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Almacén Uno en favoritos' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Podés guardar hasta 500 favoritos.');
    expect(screen.getByRole('button', { name: 'Guardar Almacén Uno en favoritos' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
