import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '#shared/limites';
import { TextField } from '#web/components/form/Fields';

interface NewPasswordFieldsProps {
  /** The two labels as each form words them ("Contraseña" / "Confirmar contraseña" by default). */
  labels?: { password: string; confirm: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

/**
 * A new password typed twice, as sign-up, the reset link and Mi cuenta ask for it: the browser's password manager
 * offers a strong one for both (autocomplete new-password), and the rule is said before anyone types.
 */
export function NewPasswordFields({
  labels = { password: 'Contraseña', confirm: 'Confirmar contraseña' },
  password,
  confirm,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        hint="Al menos 6 caracteres."
        error={errors.password}
        {...password}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
