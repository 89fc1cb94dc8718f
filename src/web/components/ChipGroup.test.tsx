// @vitest-environment jsdom
import '#test/web/setup-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChipGroup } from './ChipGroup';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Antes</button>
      <ChipGroup
        label="Categorías"
        allLabel="Todos"
        options={['Almacén', 'Panadería', 'Farmacia']}
        value={value}
        onChange={setValue}
      />
      <a href="#resultados">Primer resultado</a>
    </>
  );
}

describe('ChipGroup', () => {
  it('is one Tab stop, on the pressed chip; arrows, Home and End move along the row, Enter presses', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Panadería" />);
    const row = screen.getByRole('toolbar', { name: 'Categorías' });
    const chip = (name: string) => within(row).getByRole('button', { name });

    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(chip('Panadería')).toHaveFocus();
    // One more Tab leaves the row, whatever the number of chips.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Primer resultado' })).toHaveFocus();

    await user.tab({ shift: true });
    expect(chip('Panadería')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(chip('Farmacia')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(chip('Todos')).toHaveFocus(); // wraps around
    await user.keyboard('{ArrowLeft}');
    expect(chip('Farmacia')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(chip('Todos')).toHaveFocus();
    await user.keyboard('{End}');
    expect(chip('Farmacia')).toHaveFocus();
    // Moving does not filter; Enter does, and the pressed chip becomes the row's Tab stop.
    expect(chip('Panadería')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(chip('Farmacia')).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(row)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([chip('Farmacia')]);
  });

  it('with no filter the "Todos" chip is the Tab stop', () => {
    render(<Harness />);
    const row = screen.getByRole('toolbar', { name: 'Categorías' });
    expect(
      within(row)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([within(row).getByRole('button', { name: 'Todos' })]);
  });
});
