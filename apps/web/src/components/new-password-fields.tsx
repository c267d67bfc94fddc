import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../lib/use-schema-form';
import { TextField } from './ui/text-field';

/**
 * A new password and the same again (spec §2, ADR 0003's policy): registration, reset, change
 * and the staff invitation. The rules are the field's hint; each has its own show/hide toggle,
 * and both tell a password manager that a new password is being chosen.
 */
export function NewPasswordFields({
  password,
  confirmation,
  registration = false,
}: {
  password: FieldProps<string>;
  confirmation: FieldProps<string>;
  /** Registration's words ("Password", "Repeat Password"); else "New Password" and its confirmation. */
  registration?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={registration ? t('fields.password') : t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('fields.passwordRules')}
        revealLabel={registration ? t('fields.showPassword') : t('fields.showNewPassword')}
        {...password}
      />
      <TextField
        label={registration ? t('fields.repeatPassword') : t('fields.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        revealLabel={
          registration ? t('fields.showRepeatPassword') : t('fields.showConfirmPassword')
        }
        {...confirmation}
      />
    </>
  );
}
