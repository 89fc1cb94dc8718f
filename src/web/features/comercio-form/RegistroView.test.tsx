// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, apiError, comercioOf, mockApi, OWNER, signedIn } from '#test/web/harness';
import RegistroView, { REGISTERED_MESSAGE } from './RegistroView';
import { renderWithProviders } from './testing';

async function acceptDialog(user: ReturnType<typeof userEvent.setup>, text: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

const categorias = answer(contract.comercios.categorias, () => ({ items: ['Kiosco', 'Heladería'] }));

describe('registro', () => {
  it('alerts the first missing field in the spec order, marks every invalid field inline at once and focuses the first', async () => {
    mockApi(categorias);
    const user = userEvent.setup();
    renderWithProviders(<RegistroView />, '/registrar');
    const submit = await screen.findByRole('button', { name: 'Registrar comercio' });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'no-es-un-email');
    await user.click(submit);
    await acceptDialog(user, 'Por favor ingresa el nombre del comercio.');
    const nombre = screen.getByRole('textbox', { name: /Nombre del comercio/ });
    expect(nombre).toHaveFocus();
    expect(nombre).toHaveAttribute('aria-invalid', 'true');
    // The other invalid fields are marked too, each with its own message.
    expect(screen.getByRole('textbox', { name: /Teléfono/ })).toHaveAccessibleDescription(
      'Por favor ingresa un número de teléfono.',
    );
    expect(screen.getByRole('textbox', { name: /Dirección/ })).toHaveAccessibleDescription(
      'Por favor ingresa la dirección del comercio.',
    );
    expect(screen.getByRole('combobox', { name: /Localidad/ })).toHaveAccessibleDescription(
      'Por favor selecciona una localidad.',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email inválido');
    expect(screen.getByText('Por favor selecciona al menos una categoría para el comercio.')).toBeInTheDocument();

    await user.type(nombre, 'La Espiga');
    expect(nombre).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    await acceptDialog(user, 'Por favor selecciona al menos una categoría para el comercio.');
    expect(screen.getByRole('searchbox', { name: 'Buscar categoría' })).toHaveFocus();
  });

  it('picks categories from one list: filter, chips, duplicates ignored, primary resets on removal, Otro', async () => {
    mockApi(categorias);
    const user = userEvent.setup();
    renderWithProviders(<RegistroView />, '/registrar');
    await screen.findByRole('button', { name: 'Registrar comercio' });
    const chips = () =>
      within(screen.getByRole('list', { name: 'Categorías elegidas' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar categoría' }), 'panaderia');
    await user.click(screen.getByRole('button', { name: 'Panadería' }));
    expect(screen.getByRole('button', { name: 'Panadería' })).toHaveAttribute('aria-pressed', 'true');
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar categoría' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar categoría' }), 'cafe{Enter}');
    expect(chips()).toEqual(['Panadería (principal)', 'Café']);

    // No second dropdown with the same names; the spec's "Otro" is one more option of the list.
    expect(screen.queryByText('Agregar categoría existente')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar categoría' }), 'kiosco{Enter}');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar categoría' }), 'kiosco{Enter}');
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar categoría' }));
    await user.click(screen.getByRole('button', { name: 'Otro' }));
    expect(chips()).toEqual(['Panadería (principal)', 'Café', 'Kiosco', 'Otro']);
    await user.click(screen.getByRole('button', { name: 'Quitar Otro' }));

    await user.click(screen.getByRole('button', { name: 'Quitar Panadería' }));
    expect(chips()).toEqual(['Café (principal)', 'Kiosco']);
  });

  it('posts the business and goes to Mis comercios; a server message is shown and the values stay', async () => {
    let attempt = 0;
    const sent = mockApi(
      categorias,
      answer(contract.comercios.create, () => {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'validation', 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.')
          : comercioOf(7, 'La Espiga');
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RegistroView />, '/registrar');
    await user.type(await screen.findByRole('textbox', { name: /Nombre del comercio/ }), 'La Espiga');
    await user.click(screen.getByRole('button', { name: 'Panadería' }));
    await user.type(screen.getByRole('textbox', { name: /Dirección/ }), 'San Martín 1234');
    await user.selectOptions(screen.getByRole('combobox', { name: /Localidad/ }), 'Guaymallen');
    await user.type(screen.getByRole('textbox', { name: /Teléfono/ }), '261 412-3456');
    await user.type(screen.getByRole('textbox', { name: 'Servicios' }), 'Delivery, , Tarjetas');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lunes' }), 'turnos');
    fireEvent.change(screen.getByLabelText('Lunes, turno 1, abre'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText('Lunes, turno 1, cierra'), { target: { value: '20:00' } });

    await user.click(screen.getByRole('button', { name: 'Registrar comercio' }));
    await acceptDialog(user, 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.');
    expect(screen.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue('La Espiga');

    await user.click(screen.getByRole('button', { name: 'Registrar comercio' }));
    await acceptDialog(user, REGISTERED_MESSAGE);
    expect(window.location.pathname).toBe('/mis-comercios');
    const body = sent.bodies(contract.comercios.create).at(-1);
    expect(body).toMatchObject({
      nombre: 'La Espiga',
      categorias: ['Panadería'],
      localidad: 'Guaymallen',
      servicios: ['Delivery', 'Tarjetas'],
      horarioDetallado: { Lunes: '8:00 - 20:00', Martes: 'Cerrado' },
      imagen: null,
      galeria: [],
    });
  });

  it('rejects a non-image before uploading, with the spec text', async () => {
    const sent = mockApi(categorias);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<RegistroView />, '/registrar');
    await screen.findByRole('button', { name: 'Registrar comercio' });
    const file = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Imagen principal'), file);
    await acceptDialog(user, 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)');
    expect(sent.to(contract.imagenes.upload)).toHaveLength(0);
  });

  it('pre-fills the first registration with the name given at sign-up', async () => {
    mockApi(
      categorias,
      signedIn({ ...OWNER, name: 'Heladería Nieve' }),
      answer(contract.comercios.mine, () => ({ items: [] })),
    );
    renderWithProviders(<RegistroView />, '/registrar');
    expect(await screen.findByRole('textbox', { name: /Nombre del comercio/ }, { timeout: 5000 })).toHaveValue(
      'Heladería Nieve',
    );
  });
});
