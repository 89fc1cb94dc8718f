// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { contract } from '#shared/contract';
import { answer, cardOf, mockApi, page, renderAppAt } from '#test/web/harness';

// Counts the renders of the home's grid, the page's largest part, and otherwise draws it as it is.
const renders = vi.hoisted(() => ({ grid: 0 }));
vi.mock('#web/features/comercios/ComercioGrid', async (original) => {
  const module = await original<typeof import('#web/features/comercios/ComercioGrid')>();
  return {
    ...module,
    ComercioGrid: (props: Parameters<typeof module.ComercioGrid>[0]) => {
      renders.grid += 1;
      return module.ComercioGrid(props);
    },
  };
});

it('opening and closing the side menu re-renders the menu, not the page behind it', async () => {
  mockApi(answer(contract.comercios.list, () => page([cardOf(1, 'Panadería La Espiga')])));
  renderAppAt('/');
  await screen.findByRole('heading', { level: 3, name: 'Panadería La Espiga' });
  const before = renders.grid;
  expect(before).toBeGreaterThan(0);

  const menuButton = screen.getByRole('button', { name: 'Menú' });
  fireEvent.click(menuButton);
  expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar menú' }));
  expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  expect(renders.grid).toBe(before);
});
