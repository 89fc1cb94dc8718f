// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, mockApi, page, renderAppAt } from '#test/web/harness';

describe('side menu', () => {
  it('opens as a dialog, locks the page scroll, closes on Escape and gives focus back to Menú', async () => {
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    const menuButton = screen.getByRole('button', { name: 'Menú' });
    menuButton.focus();
    fireEvent.click(menuButton);
    // The menu is a lazily loaded chunk: on a loaded machine its first import takes more than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Menú' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Registrar mi comercio' })).toBeInTheDocument();
    // Focus moves in once the dialog's effects have run, which a loaded machine can delay past the first paint.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(menuButton);
  });

  it('closes on an overlay click, and Iniciar Sesión opens the login dialog', async () => {
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Menú' }));
    fireEvent.click(await screen.findByTestId('menu-overlay', {}, { timeout: 10_000 }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Menú' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Menú' })).getByRole('button', { name: 'Iniciar Sesión' }),
    );
    // The login dialog loads on its first opening (a spinner meanwhile).
    const login = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' }, { timeout: 10_000 });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(within(login).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('guest navigation', () => {
  it('Publicar asks to log in instead of opening Mis Comercios', async () => {
    mockApi();
    renderAppAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(
      await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('a protected URL shows the home view with the login dialog; closing it leaves for /', async () => {
    mockApi();
    renderAppAt('/mis-comercios');
    // The owner views' gate is a lazily loaded chunk, and so is the dialog.
    expect(
      await screen.findByRole('heading', { name: 'Descubrí comercios de tu zona' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const login = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' }, { timeout: 10_000 });
    fireEvent.click(within(login).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('the header locality select is only on the home view (promociones has its own filter)', async () => {
    mockApi();
    renderAppAt('/promociones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promociones' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('combobox', { name: 'Localidad' })).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('combobox', { name: 'Localidad' })).toHaveValue('');
    // Desktop header and bottom nav (CSS shows one of them) both mark the current view.
    expect(screen.getAllByRole('link', { name: 'Promociones', current: 'page' })).toHaveLength(2);
    expect(screen.queryAllByRole('link', { name: 'Inicio', current: 'page' })).toHaveLength(0);
  });

  it('unknown paths get a not-found page', () => {
    mockApi();
    renderAppAt('/no-existe');
    expect(screen.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeInTheDocument();
  });
});
