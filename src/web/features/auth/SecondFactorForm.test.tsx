// @vitest-environment jsdom
import '#test/web/setup-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, apiError, mockApi } from '#test/web/harness';
import AuthForm from './AuthForm';

const operator = { user: { id: 'op1', email: 'opera@ejemplo.com', name: 'Operadora' } };

async function signInNeedingCode(signedInWith: unknown[]) {
  render(
    <AuthForm
      mode="login"
      purpose="owner"
      onModeChange={() => {}}
      onSignedIn={async (u) => void signedInWith.push(u)}
    />,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'opera@ejemplo.com');
  await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  await screen.findByLabelText('Código de tu app de autenticación');
  return user;
}

describe('the second step of an operator sign-in', () => {
  it('takes a backup code instead of the app code, typed as shown, and signs in with it', async () => {
    const sent = mockApi(
      answer(contract.auth.signIn, () => ({ twoFactorRedirect: true })),
      answer(contract.auth.verifyBackupCode, () => operator),
    );
    const signedInWith: unknown[] = [];
    const user = await signInNeedingCode(signedInWith);
    await user.click(screen.getByRole('button', { name: '¿No tenés el teléfono? Usá un código de respaldo' }));
    const field = screen.getByLabelText('Código de respaldo');
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText('Ingresá uno de tus códigos de respaldo')).toBeInTheDocument();
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(
      await screen.findByText('Un código de respaldo tiene 10 letras y números, como abcde-12345'),
    ).toBeInTheDocument();
    expect(sent.to(contract.auth.verifyBackupCode)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'sO1ln 3D0Ur');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    await waitFor(() => expect(signedInWith).toHaveLength(1));
    expect(sent.to(contract.auth.verifyBackupCode)[0]?.body).toEqual({ code: 'sO1ln-3D0Ur' });
    expect(sent.to(contract.auth.verifyTotp)).toHaveLength(0);
  });

  it('says why a backup code was refused, and goes back to the app code', async () => {
    mockApi(
      answer(contract.auth.signIn, () => ({ twoFactorRedirect: true })),
      answer(contract.auth.verifyBackupCode, () =>
        apiError(401, 'invalid_backup_code', 'El código de respaldo no es correcto o ya se usó.'),
      ),
    );
    const user = await signInNeedingCode([]);
    await user.click(screen.getByRole('button', { name: '¿No tenés el teléfono? Usá un código de respaldo' }));
    await user.type(screen.getByLabelText('Código de respaldo'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El código de respaldo no es correcto o ya se usó.');
    await user.click(screen.getByRole('button', { name: 'Usar el código de la app' }));
    expect(screen.getByLabelText('Código de tu app de autenticación')).toHaveFocus();
  });

  it('shows the refusal of a code already used', async () => {
    const used = 'Ese código ya se usó. Esperá el próximo código de tu app e iniciá sesión de nuevo.';
    mockApi(
      answer(contract.auth.signIn, () => ({ twoFactorRedirect: true })),
      answer(contract.auth.verifyTotp, () => apiError(401, 'code_used', used)),
    );
    const user = await signInNeedingCode([]);
    await user.type(screen.getByLabelText('Código de tu app de autenticación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
  });
});
