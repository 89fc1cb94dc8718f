// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { cuenta } from '#shared/contract/cuenta';
import { answer, apiError, mockApi, page, renderAppAt } from '#test/web/harness';
import { LoginDialog } from './LoginDialog';

async function openLogin() {
  fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
  // The dialog and its form are lazily loaded chunks: on a loaded machine a first import takes more than a second.
  const dialog = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' }, { timeout: 10_000 });
  await within(dialog).findByLabelText('Email', {}, { timeout: 10_000 });
  return dialog;
}

describe('login/signup modal', () => {
  it('checks the signup fields with the spec texts before calling the server', async () => {
    const sent = mockApi(answer(contract.comercios.list, () => page([])));
    renderAppAt('/');
    const user = userEvent.setup();
    await user.click(within(await openLogin()).getByRole('button', { name: 'Registrate' }));
    const signup = screen.getByRole('dialog', { name: 'Creá tu cuenta' });
    await user.type(within(signup).getByLabelText('Email'), 'nueva@ejemplo.com');
    await user.type(within(signup).getByLabelText('Contraseña'), '123');
    await user.type(within(signup).getByLabelText('Confirmar contraseña'), '124');
    await user.click(within(signup).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(signup).findByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(within(signup).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(within(signup).getByText('Ingresá el nombre del comercio')).toBeInTheDocument();
    expect(within(signup).getByLabelText('Nombre del comercio *')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.to(contract.auth.signUp)).toHaveLength(0);
  });

  it('shows Cargando... while signing in, the server error after, and clears it when the person types', async () => {
    let respond: (r: Response) => void = () => {};
    mockApi(
      answer(contract.comercios.list, () => page([])),
      answer(contract.auth.signIn, () => new Promise<Response>((resolve) => (respond = resolve))),
    );
    renderAppAt('/');
    const user = userEvent.setup();
    const dialog = await openLogin();
    await user.type(within(dialog).getByLabelText('Email'), 'duena@ejemplo.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'equivocada');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await within(dialog).findByRole('button', { name: 'Cargando...' })).toBeDisabled();

    respond(apiError(401, 'invalid_credentials', 'Email o contraseña incorrectos'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email o contraseña incorrectos');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'x');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('says on the signup form why the server refused it: a foreign address, or another failure in signup words', async () => {
    const origin =
      'Rechazamos la solicitud porque la página no se abrió desde la dirección de Vidriera. Abrí http://localhost:3401 e intentá nuevamente.';
    const answers = [apiError(403, 'forbidden_origin', origin), new Response('<html>403</html>', { status: 403 })];
    mockApi(
      answer(contract.comercios.list, () => page([])),
      answer(contract.auth.signUp, () => answers.shift()!),
    );
    renderAppAt('/');
    const user = userEvent.setup();
    await user.click(within(await openLogin()).getByRole('button', { name: 'Registrate' }));
    const signup = screen.getByRole('dialog', { name: 'Creá tu cuenta' });
    await user.type(within(signup).getByLabelText('Email'), 'nueva@ejemplo.com');
    await user.type(within(signup).getByLabelText('Nombre del comercio *'), 'Kiosco Nuevo');
    await user.type(within(signup).getByLabelText('Contraseña'), 'secreto123');
    await user.type(within(signup).getByLabelText('Confirmar contraseña'), 'secreto123');
    await user.click(within(signup).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(signup).findByRole('alert')).toHaveTextContent(origin);
    await user.click(within(signup).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(within(signup).getByRole('alert')).toHaveTextContent('No pudimos crear la cuenta. Intentá nuevamente.'),
    );
    expect(within(signup).getByRole('alert')).not.toHaveTextContent('Error al iniciar sesión');
  });

  it('carries the typed email to "¿Olvidaste tu contraseña?" and back, and forgets it when the dialog closes', async () => {
    const sent = mockApi(answer(cuenta.requestPasswordReset, () => ({ status: true })));
    const props = { purpose: 'owner' as const, onClose: () => {}, onSignedIn: async () => {} };
    const { rerender } = render(<LoginDialog open {...props} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' });
    await user.type(await within(dialog).findByLabelText('Email', {}, { timeout: 10_000 }), 'duena@ejemplo.com');
    await user.click(within(dialog).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Recuperá tu contraseña' });
    expect(await within(forgot).findByLabelText('Email', {}, { timeout: 10_000 })).toHaveValue('duena@ejemplo.com');
    await user.click(within(forgot).getByRole('button', { name: 'Enviarme el enlace' }));
    await waitFor(() => expect(sent.to(cuenta.requestPasswordReset)).toHaveLength(1));
    expect(sent.to(cuenta.requestPasswordReset)[0]?.body).toEqual({ email: 'duena@ejemplo.com' });
    await user.click(within(forgot).getByRole('button', { name: 'Volver a iniciar sesión' }));
    const login = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' });
    expect(await within(login).findByLabelText('Email')).toHaveValue('duena@ejemplo.com');

    rerender(<LoginDialog open={false} {...props} />);
    rerender(<LoginDialog open {...props} />);
    const again = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' });
    expect(await within(again).findByLabelText('Email')).toHaveValue('');
  });

  it("asks a visitor for their own name ('Tu nombre'), with the same rules, and signs up on the same endpoint", async () => {
    const sent = mockApi(
      answer(contract.auth.signUp, () => ({ user: { id: 'v1', email: 'vecina@ejemplo.com', name: 'Marta' } })),
    );
    const signedInWith: unknown[] = [];
    render(
      <LoginDialog open purpose="visitor" onClose={() => {}} onSignedIn={async (u) => void signedInWith.push(u)} />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Iniciá sesión para continuar' });
    await user.click(await within(dialog).findByRole('button', { name: 'Registrate' }, { timeout: 10_000 }));
    const signup = screen.getByRole('dialog', { name: 'Creá tu cuenta' });
    expect(within(signup).queryByLabelText('Nombre del comercio *')).toBeNull();
    await user.type(within(signup).getByLabelText('Email'), 'vecina@ejemplo.com');
    await user.type(within(signup).getByLabelText('Contraseña'), 'secreto123');
    await user.type(within(signup).getByLabelText('Confirmar contraseña'), 'secreto123');
    await user.click(within(signup).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(signup).findByText('Ingresá tu nombre')).toBeInTheDocument();
    expect(sent.to(contract.auth.signUp)).toHaveLength(0);

    await user.type(within(signup).getByLabelText('Tu nombre'), 'Marta');
    await user.click(within(signup).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(signedInWith).toHaveLength(1));
    expect(sent.to(contract.auth.signUp)[0]?.body).toEqual({
      email: 'vecina@ejemplo.com',
      password: 'secreto123',
      name: 'Marta',
    });
  });
});
