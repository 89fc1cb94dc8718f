import { cuenta } from '#shared/contract/cuenta';
import { api } from '#web/lib/api';

// The account's own calls (ADR 028): recovery, verification and Mi cuenta. Loaded with the forms that use them.

/** "¿Olvidaste tu contraseña?": the same answer whether an account has the email or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api(cuenta.requestPasswordReset, { body: { email } });
}

/** The emailed link's token and the new password; every session of the account ends. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await api(cuenta.resetPassword, { body: { token, newPassword } });
}

export async function verifyEmail(token: string): Promise<void> {
  await api(cuenta.verifyEmail, { body: { token } });
}

export async function resendVerification(): Promise<void> {
  await api(cuenta.sendVerificationEmail, { body: {} });
}

export async function updateName(name: string): Promise<void> {
  await api(cuenta.updateName, { body: { name } });
}

export async function changeEmail(newEmail: string): Promise<void> {
  await api(cuenta.changeEmail, { body: { newEmail } });
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api(cuenta.changePassword, { body: { currentPassword, newPassword } });
}

export async function deleteAccount(password: string): Promise<void> {
  await api(cuenta.deleteAccount, { body: { password } });
}
