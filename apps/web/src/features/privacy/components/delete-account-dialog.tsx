import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccountRequestSchema } from '@vizita/shared/contracts/privacy';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/text-field';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeleteAccount } from '../api/privacy';
import { privacyErrorKey } from '../utils/error-keys';

/**
 * "Delete my account": what happens, said before anything is done, then the password (and a
 * current code when two-factor sign-in is on), as a stolen session alone must not erase an account.
 */
export function DeleteAccountDialog({
  twoFactor,
  onClose,
  onDeleted,
}: {
  twoFactor: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('privacy');
  const erase = useDeleteAccount(onDeleted);
  const consequencesId = useId();
  const form = useSchemaForm({
    schema: formSchema({
      schema: deleteAccountRequestSchema,
      // The code only when two-factor sign-in is on.
      toInput: ({ password, code }: { password: string; code: string }) => ({
        password,
        ...(twoFactor ? { code } : {}),
      }),
    }),
    defaultValues: { password: '', code: '' },
  });

  const submit = form.handleSubmit((body) => erase.mutate(body));

  return (
    <Dialog
      title={t('delete.title')}
      role="alertdialog"
      descriptionId={consequencesId}
      onClose={onClose}
      dismissible={!erase.isPending}
    >
      <ul id={consequencesId} className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-800">
        <li>{t('delete.upcoming')}</li>
        <li>{t('delete.erased')}</li>
        <li>{t('delete.invoices')}</li>
        <li>{t('delete.doctorRecords')}</li>
      </ul>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-3"
        aria-busy={erase.isPending}
      >
        <TextField
          label={t('delete.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
          disabled={erase.isPending}
          required
        />
        {twoFactor && (
          <TextField
            label={t('delete.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            {...form.field('code')}
            disabled={erase.isPending}
            required
          />
        )}
        {erase.isError && <Alert tone="error">{t(privacyErrorKey(erase.error))}</Alert>}
        <FormActions>
          <Button variant="secondary" onClick={onClose} disabled={erase.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={erase.isPending}>
            {t('delete.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
