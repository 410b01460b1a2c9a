import { TextField } from './text-field.tsx';

/** The shortest password the API accepts (PASSWORD_LENGTH in platform/src/features/accounts/auth/passwords.ts); its refusal says so too. */
export const PASSWORD_MIN_LENGTH = 10;

/** A new password, typed twice. */
export interface NewPassword {
  password: string;
  confirm: string;
}

/** Why the two copies cannot be sent yet ("" when they can): a typo here would lock the person out. */
export function confirmError(value: NewPassword, submitted: boolean): string | undefined {
  return submitted && value.confirm !== value.password ? 'does not match the new password' : undefined;
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** The API's refusal of the new password, if any. */
  error?: string | undefined;
  /** Set once the form was submitted: only then is a mismatch shown. */
  submitted: boolean;
  autoFocus?: boolean;
}

/** "New password" and "Confirm new password", with the length hint and a mismatch shown under the second. */
export function NewPasswordFields({ value, onChange, error, submitted, autoFocus = false }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={value.password}
        error={error}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        onChange={(password) => onChange({ ...value, password })}
      />
      <TextField
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        error={confirmError(value, submitted)}
        onChange={(confirm) => onChange({ ...value, confirm })}
      />
    </>
  );
}
