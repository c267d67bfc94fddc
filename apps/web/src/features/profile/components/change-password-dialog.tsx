import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELAYS } from '@vizita/shared/constants';
import { changePasswordFormSchema } from '@vizita/shared/contracts/auth';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useTimeout } from '../../../lib/use-timeout';
import { useChangePassword } from '../api/change-password';
import { changePasswordErrorKey, isCurrentPasswordIncorrect } from '../utils/error-keys';
import { FormActions } from '../../../components/ui/form-actions';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Change Password modal (spec §2). Mounted only while open, so its fields, toggles and last
 * answer start afresh each time it opens. New passwords follow the registration policy and its
 * messages (ADR 0003). On success the message shows for 2 s, then `onSuccess` is called.
 */
export function ChangePasswordDialog({
  onClose,
  onSuccess,
}: {
  onClose: () => void;
  onSuccess: () => void;
}) {
  const { t } = useTranslation(['profile', 'auth']);
  const change = useChangePassword();
  const form = useSchemaForm({ schema: changePasswordFormSchema, defaultValues: emptyForm });
  // Spec §8: "Current password is incorrect" belongs under that field, until it is edited.
  const [currentRejected, setCurrentRejected] = useState(false);

  useTimeout(onSuccess, DELAYS.passwordChangeCloseMs, change.isSuccess);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setCurrentRejected(false);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (isCurrentPasswordIncorrect(error)) setCurrentRejected(true);
      else form.setServerErrors(error);
    }
  });

  const current = form.field('currentPassword');
  const busy = form.isSubmitting;
  const generalError =
    change.isError && !isCurrentPasswordIncorrect(change.error)
      ? t(changePasswordErrorKey(change.error))
      : null;

  return (
    <Dialog title={t('changePassword.title')} onClose={onClose} dismissible={!busy}>
      {change.isSuccess ? (
        <div ref={focusOnMount} tabIndex={-1} className="mt-4 focus:outline-none">
          <Alert tone="success">
            <p className="font-semibold">{t('changePassword.success')}</p>
            <p className="mt-1">{t('changePassword.otherDevices')}</p>
          </Alert>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 space-y-3"
          aria-busy={busy || undefined}
        >
          <TextField
            label={t('changePassword.currentPassword')}
            type="password"
            autoComplete="current-password"
            revealLabel={t('changePassword.showCurrentPassword')}
            {...current}
            error={
              current.error ?? (currentRejected ? t('changePassword.errors.current') : undefined)
            }
            onChange={(event) => {
              setCurrentRejected(false);
              current.onChange(event);
            }}
          />
          <NewPasswordFields
            password={form.field('newPassword')}
            confirmation={form.field('confirmPassword')}
          />
          {generalError && <Alert tone="error">{generalError}</Alert>}
          <FormActions className="pt-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('changePassword.cancel')}
            </Button>
            <Button
              type="submit"
              busy={busy}
              // Spec §2: disabled while any field is empty or a request runs.
              disabled={form.hasEmptyField}
            >
              {t('changePassword.submit')}
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
