// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, mockApi, page, renderAppAt } from '#test/web/harness';

describe('side menu', () => {
  // Focus, Escape, the inert page and the scroll lock are the browser's own (a native modal dialog), and so is the
  // menu opened before the app runs: e2e/public.spec.ts and e2e/first-tap.spec.ts.
  it('opens as a dialog with the guest actions, and its close button closes it', async () => {
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    const menuButton = screen.getByRole('button', { name: 'Menú' });
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Menú' });
    expect(within(dialog).getByRole('button', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Registrar mi comercio' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar menú' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a tap outside its panel, and Iniciar Sesión opens the login dialog', async () => {
    mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Menú' }));
    // A tap on the dimmed page lands on the <dialog> itself (its backdrop); the panel inside fills the dialog.
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    fireEvent.click(within(menu).getByText('Vidriera'));
    expect(screen.getByRole('dialog', { name: 'Menú' })).toBe(menu);
    fireEvent.click(menu);
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
