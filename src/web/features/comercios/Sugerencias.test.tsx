// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import type { SugerenciasAnswer } from '#shared/sugerencias';
import { answer, cardOf, detalleOf, mockApi, page, preloadLazyModules, renderAppAt } from '#test/web/harness';

preloadLazyModules(
  () => import('./Sugerencias'),
  () => import('./ListaView'),
);

const SUGERENCIAS: SugerenciasAnswer = {
  items: [
    { tipo: 'comercio', id: 7, nombre: 'Pizzería La Tana', categoria: 'Pizzería, Rotisería' },
    { tipo: 'categoria', nombre: 'Pizzería' },
    { tipo: 'palabra', texto: 'pizza 2x1' },
  ],
};

/** The home with the search box focused and its combobox loaded (on focus, as in the browser). */
async function typedBox(text: string) {
  const sent = mockApi(
    answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])),
    answer(contract.comercios.sugerencias, () => SUGERENCIAS),
    answer(contract.comercios.detail, () => detalleOf(7, 'Pizzería La Tana')),
  );
  const user = userEvent.setup();
  renderAppAt('/');
  const box = await screen.findByRole('searchbox', { name: 'Buscar comercios' }, { timeout: 5000 });
  await user.click(box);
  // The box becomes the combobox once its module is in.
  await waitFor(() => expect(box).toHaveAttribute('role', 'combobox'));
  expect(box).toHaveAttribute('aria-expanded', 'false');
  await user.keyboard(text);
  const list = await screen.findByRole('listbox', { name: 'Sugerencias' });
  // The list element is there before its first answer; under load the answer can come a moment later.
  await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  return { box, list, sent, user };
}

const key = (box: HTMLElement, k: string) => fireEvent.keyDown(box, { key: k });
const options = (list: HTMLElement) => within(list).getAllByRole('option');

describe('suggestions as you type (the combobox)', () => {
  it('asks from two letters, once typing settles, and lists businesses, categories and words', async () => {
    const { box, list, sent, user } = await typedBox('pi');
    expect(sent.to(contract.comercios.sugerencias).map((r) => r.url.searchParams.get('q'))).toEqual(['pi']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(options(list).map((o) => o.textContent)).toEqual([
      'Pizzería La TanaComercio · Pizzería',
      'PizzeríaCategoría: ver todos sus comercios',
      'pizza 2x1Buscá esta palabra',
    ]);
    expect(screen.getByText('3 sugerencias: usá las flechas para elegir.')).toBeInTheDocument();
    // One letter closes it and asks nothing.
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(list).not.toBeVisible();
    expect(sent.to(contract.comercios.sugerencias)).toHaveLength(1);
  });

  it('moves with the arrows (wrapping), keeps the focus in the box, and Escape closes without clearing', async () => {
    const { box, list } = await typedBox('piz');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    key(box, 'ArrowDown');
    const [first, second, third] = options(list);
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    key(box, 'ArrowDown');
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    key(box, 'ArrowUp');
    key(box, 'ArrowUp');
    expect(box).toHaveAttribute('aria-activedescendant', third!.id);
    expect(box).toHaveFocus();

    key(box, 'Escape');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('piz');
    // ArrowDown opens it again on the first option.
    key(box, 'ArrowDown');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options(list)[0]!.id);
  });

  it('Enter on a business opens its page', async () => {
    const { box } = await typedBox('piz');
    key(box, 'ArrowDown');
    key(box, 'Enter');
    await waitFor(() => expect(window.location.pathname).toBe('/comercio/7-pizzeria-la-tana'));
  });

  it('a business chosen before the typing settles stays open: the search the box had pending does not bring the list back', async () => {
    mockApi(
      answer(contract.comercios.list, () => page([cardOf(1, 'Almacén Don Pepe')])),
      answer(contract.comercios.sugerencias, () => SUGERENCIAS),
    );
    const user = userEvent.setup();
    renderAppAt('/');
    const box = await screen.findByRole('searchbox', { name: 'Buscar comercios' }, { timeout: 5000 });
    await user.click(box);
    await user.keyboard('tana');
    // As a suggestion's navigation does: the history moves at once, while the list is still on screen (in the
    // browser, until the business page's code arrives).
    window.history.pushState(null, '', '/comercio/7-pizzeria-la-tana');
    // Past the search's pause (300 ms): the person is still on the business's address.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(window.location.pathname).toBe('/comercio/7-pizzeria-la-tana');
    expect(window.location.search).toBe('');
  });

  it('Enter on a category filters by it and empties the box', async () => {
    const { box } = await typedBox('piz');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'Enter');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('categoria')).toBe('Pizzería'));
    expect(new URLSearchParams(window.location.search).get('q')).toBeNull();
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('a tap on a word searches it; Enter with no option chosen submits the search as typed and closes the list', async () => {
    const { box, list, user } = await typedBox('piz');
    await user.click(within(list).getByRole('option', { name: /pizza 2x1/ }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('pizza 2x1'));
    expect(box).toHaveValue('pizza 2x1');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // The tap kept the focus in the box.
    expect(box).toHaveFocus();

    await user.keyboard(' al');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    // Enter searches and closes the list, which would otherwise cover the results (found in a stranger's round).
    key(box, 'Enter');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('pizza 2x1 al'));
    expect(box).toHaveFocus();
    // Typing again opens it again.
    await user.keyboard('m');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  });
});
