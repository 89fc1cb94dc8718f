// @vitest-environment jsdom
import '#test/web/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { SIN_LETRA_CHICA } from '#shared/rules/sin-letra-chica';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ComercioEditable } from '#shared/api';
import { contract, type BodyInput } from '#shared/contract';
import { answer as serve, apiError, detalleOf, mockApi, type RequestLog } from '#test/web/harness';
import EditarView from './EditarView';
import { renderWithProviders } from './testing';

function editable(): ComercioEditable {
  const {
    publicado: _p,
    esPropio: _e,
    ...rest
  } = detalleOf(5, 'Almacén Don Pepe', { categoria: 'Almacén, Kiosco', pagoStatus: false });
  return {
    ...rest,
    revision: 'r1',
    promociones: [
      {
        id: 11,
        titulo: '2x1 en alfajores',
        descripcion: 'Todos los martes',
        descuento: '50%',
        fechaVencimiento: '2099-12-31',
        imagen: null,
        imagen2: null,
        ...SIN_LETRA_CHICA,
        comercioId: 5,
        activa: true,
      },
    ],
  };
}

type User = ReturnType<typeof userEvent.setup>;

async function answer(user: User, text: string, button = 'Aceptar') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

function api() {
  return mockApi(
    serve(contract.comercios.editable, () => editable()),
    serve(contract.comercios.update, () => editable()),
  );
}

const putBody = (sent: RequestLog) =>
  (sent.bodies(contract.comercios.update, { id: 5 })[0] ?? null) as BodyInput<typeof contract.comercios.update> | null;

describe('editar', () => {
  it('pre-fills the form and requires name, category, phone and address', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    const nombre = await screen.findByRole('textbox', { name: /Nombre del comercio/ });
    expect(nombre).toHaveValue('Almacén Don Pepe');
    expect(screen.getByRole('button', { name: 'Quitar Kiosco' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('2x1 en alfajores');

    await user.clear(screen.getByRole('textbox', { name: /Teléfono/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(user, 'Por favor complete todos los campos obligatorios (*)');
    expect(screen.getByRole('textbox', { name: /Teléfono/ })).toHaveFocus();
  });

  it('warns about incomplete promotions, confirms dropping them, summarises and saves the complete ones', async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    await screen.findByRole('textbox', { name: /Nombre del comercio/ });
    expect(screen.queryByText('Faltan datos obligatorios en esta promoción.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Agregar promoción' }));
    await user.click(screen.getByRole('button', { name: 'Agregar promoción' }));
    expect(screen.getAllByText('Faltan datos obligatorios en esta promoción.')).toHaveLength(2);
    const titulos = screen.getAllByRole('textbox', { name: 'Título' });
    await user.type(titulos[1]!, 'Café gratis');
    await user.type(screen.getAllByRole('textbox', { name: 'Descripción' }).at(-2)!, 'Con cada medialuna');
    await user.type(screen.getAllByRole('textbox', { name: 'Descuento' })[1]!, '100%');
    await user.type(screen.getAllByLabelText(/Vence el/)[1]!, '2099-06-30');
    expect(screen.getAllByText('Faltan datos obligatorios en esta promoción.')).toHaveLength(1);

    // Cancelling the confirmation saves nothing and keeps the form.
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(
      user,
      'Hay 1 promoción(es) con información incompleta que no se guardarán. ¿Deseas continuar?',
      'Cancelar',
    );
    expect(putBody(sent)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(user, 'Hay 1 promoción(es) con información incompleta que no se guardarán. ¿Deseas continuar?');
    await answer(user, 'Se agregará 1 promoción.');
    await waitFor(() => expect(window.location.pathname).toBe('/mis-comercios'));
    const body = putBody(sent);
    // The starting point the form opened with goes back with the save (a save made meanwhile elsewhere is kept).
    expect(body?.revision).toBe('r1');
    expect(body?.categorias).toEqual(['Almacén', 'Kiosco']);
    expect(body?.promociones?.map((p) => p.titulo)).toEqual(['2x1 en alfajores', 'Café gratis']);
    expect(body?.promociones?.[1]).toMatchObject({ descuento: '100%', fechaVencimiento: '2099-06-30', activa: true });
    // The stored promotion goes back with its id (updated in place, ADR 013); the new one has none yet.
    expect(body?.promociones?.map((p) => p.id)).toEqual([11, null]);
  });

  it("stops on a promotion the server's schema would refuse, in its words, before saying what will be added", async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    const tope = await screen.findByRole('spinbutton', { name: 'Tope ($)' });
    await user.type(tope, '-50');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(user, 'Revisá la promoción «2x1 en alfajores»: El tope debe ser un monto positivo.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(putBody(sent)).toBeNull();
    expect(tope).toHaveValue(-50);

    await user.clear(tope);
    await user.type(tope, '5000');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(window.location.pathname).toBe('/mis-comercios'));
    expect(putBody(sent)?.promociones?.[0]).toMatchObject({ id: 11, tope: 5000 });
  });

  it("names each promotion's image controls after the promotion, so two promotions' buttons differ", async () => {
    const withImage = editable();
    withImage.promociones[0]!.imagen = 'a'.repeat(32);
    mockApi(serve(contract.comercios.editable, () => withImage));
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    await user.click(await screen.findByRole('button', { name: 'Quitar imagen de 2x1 en alfajores' }));
    expect(screen.queryByRole('button', { name: 'Quitar imagen de 2x1 en alfajores' })).toBeNull();
    expect(screen.getByLabelText('Imagen de 2x1 en alfajores')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Imagen 2 de 2x1 en alfajores')).toHaveAttribute('type', 'file');
  });

  it('deletes a promotion only after confirming, and shows the update error on failure', async () => {
    const sent = mockApi(
      serve(contract.comercios.editable, () => editable()),
      serve(contract.comercios.update, () => apiError(500, 'internal', 'Error interno.')),
    );
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    const eliminar = await screen.findByRole('button', { name: 'Eliminar 2x1 en alfajores' });
    await user.click(eliminar);
    await answer(user, '¿Estás seguro de que querés eliminar esta promoción?', 'Cancelar');
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeInTheDocument();
    await user.click(eliminar);
    await answer(user, '¿Estás seguro de que querés eliminar esta promoción?', 'Eliminar');
    expect(screen.queryByRole('textbox', { name: 'Título' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(user, 'Se eliminará 1 promoción.');
    await answer(user, 'Error al actualizar el comercio. Por favor intente nuevamente.');
    expect(putBody(sent)?.promociones).toEqual([]);
    expect(window.location.pathname).toBe('/comercio/5/editar');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
  });

  it('says so when the business was saved elsewhere since the form opened, and keeps what was typed', async () => {
    const conflict =
      'Este comercio cambió desde que abriste el formulario (quizás en otra pestaña o en otro dispositivo). Para no pisar esos cambios no guardamos los tuyos: siguen en el formulario. Copiá lo que necesites, recargá la página y volvé a cargarlo.';
    mockApi(
      serve(contract.comercios.editable, () => editable()),
      serve(contract.comercios.update, () => apiError(409, 'edit_conflict', conflict)),
    );
    const user = userEvent.setup();
    renderWithProviders(<EditarView id={5} />, '/comercio/5/editar');
    const telefono = await screen.findByRole('textbox', { name: /Teléfono/ });
    await user.clear(telefono);
    await user.type(telefono, '261 400-1234');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await answer(user, conflict);
    expect(window.location.pathname).toBe('/comercio/5/editar');
    expect(screen.getByRole('textbox', { name: /Teléfono/ })).toHaveValue('261 400-1234');
  });

  it('tells a non-owner and links to Mis Comercios', async () => {
    mockApi(
      serve(contract.comercios.editable, () =>
        apiError(403, 'forbidden', 'Solo el dueño del comercio puede hacer esto.'),
      ),
    );
    renderWithProviders(<EditarView id={9} />, '/comercio/9/editar');
    expect(await screen.findByRole('heading', { name: 'Este comercio no es tuyo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Comercios' })).toHaveAttribute('href', '/mis-comercios');
  });
});
