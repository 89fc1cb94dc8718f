// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, comercioOf, mockApi } from '#test/web/harness';
import RegistroView, { REGISTERED_MESSAGE } from './RegistroView';
import { renderWithProviders } from './testing';

const categorias = answer(contract.comercios.categorias, () => ({ items: ['Panadería'] }));
const copyAll = { name: /^Copiar a todos los días/ };
const copyWeek = { name: /^Igual de lunes a viernes/ };

describe('the hours shortcuts', () => {
  it('offers them once a day is complete, copies Monday to the weekdays and sends those hours', async () => {
    const sent = mockApi(
      categorias,
      answer(contract.comercios.create, () => comercioOf(7, 'La Espiga')),
    );
    const user = userEvent.setup();
    renderWithProviders(<RegistroView />, '/registrar');
    await user.type(await screen.findByRole('textbox', { name: /Nombre del comercio/ }), 'La Espiga');
    await user.click(screen.getByRole('button', { name: 'Panadería' }));
    await user.type(screen.getByRole('textbox', { name: /Dirección/ }), 'San Martín 1234');
    await user.selectOptions(screen.getByRole('combobox', { name: /Localidad/ }), 'Capital');
    await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), '261 412-3456');

    expect(screen.queryByRole('button', copyAll)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lunes' }), 'turnos');
    fireEvent.change(screen.getByLabelText('Lunes, turno 1, abre'), { target: { value: '09:00' } });
    // Half a shift is nothing to copy yet.
    expect(screen.queryByRole('button', copyAll)).toBeNull();
    fireEvent.change(screen.getByLabelText('Lunes, turno 1, cierra'), { target: { value: '13:00' } });
    await user.click(screen.getByRole('button', { name: /^Agregar turno ?al Lunes/ }));
    fireEvent.change(screen.getByLabelText('Lunes, turno 2, abre'), { target: { value: '17:00' } });
    fireEvent.change(screen.getByLabelText('Lunes, turno 2, cierra'), { target: { value: '21:00' } });

    const lunes = screen.getByRole('combobox', { name: 'Lunes' }).closest('li')!;
    await user.click(
      within(lunes).getByRole('button', { name: /^Igual de lunes a viernes ?\(el horario del lunes\)$/ }),
    );
    // Said in a status region, so a screen reader hears what changed below.
    expect(screen.getByText('Listo: de lunes a viernes, el mismo horario que el lunes.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('combobox', { name: 'Viernes' })).toHaveValue('turnos');
    expect(screen.getByLabelText('Viernes, turno 2, cierra')).toHaveValue('21:00');
    expect(screen.getByRole('combobox', { name: 'Sábado' })).toHaveValue('cerrado');

    // Each day stays its own: changing Tuesday does not change Monday, and clears the note.
    fireEvent.change(screen.getByLabelText('Martes, turno 2, cierra'), { target: { value: '20:00' } });
    expect(screen.getByLabelText('Lunes, turno 2, cierra')).toHaveValue('21:00');
    expect(screen.queryByText(/^Listo:/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Registrar comercio' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(REGISTERED_MESSAGE);
    await waitFor(() => expect(sent.bodies(contract.comercios.create)).toHaveLength(1));
    expect(sent.bodies(contract.comercios.create)[0]).toMatchObject({
      horarioDetallado: {
        Lunes: '9:00 - 13:00, 17:00 - 21:00',
        Martes: '9:00 - 13:00, 17:00 - 20:00',
        Miércoles: '9:00 - 13:00, 17:00 - 21:00',
        Jueves: '9:00 - 13:00, 17:00 - 21:00',
        Viernes: '9:00 - 13:00, 17:00 - 21:00',
        Sábado: 'Cerrado',
        Domingo: 'Cerrado',
      },
    });
  });

  it('"Copiar a todos los días" copies the first open day, including open all day, to the whole week', async () => {
    mockApi(categorias);
    const user = userEvent.setup();
    renderWithProviders(<RegistroView />, '/registrar');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Miércoles' }), '24h');
    const miercoles = screen.getByRole('combobox', { name: 'Miércoles' }).closest('li')!;
    await user.click(within(miercoles).getByRole('button', copyAll));
    for (const dia of ['Lunes', 'Martes', 'Jueves', 'Sábado', 'Domingo']) {
      expect(screen.getByRole('combobox', { name: dia })).toHaveValue('24h');
    }
    expect(screen.getByText('Listo: todos los días, el mismo horario que el miércoles.')).toBeInTheDocument();
    // Monday is now the first open day: the shortcuts move to its row, once.
    expect(screen.getAllByRole('button', copyAll)).toHaveLength(1);
    expect(
      within(screen.getByRole('combobox', { name: 'Lunes' }).closest('li')!).getByRole('button', copyWeek),
    ).toBeDefined();
  });
});
