import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccountRequestSchema } from '@vizita/shared/contracts/privacy';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/text-field';
import { useValidationMessage } from '../../../lib/i18n';
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
  const message = useValidationMessage();
  const erase = useDeleteAccount(onDeleted);
  const consequencesId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ password?: string; code?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = { password, ...(twoFactor ? { code } : {}) };
    const checked = deleteAccountRequestSchema.safeParse(request);
    if (!checked.success) {
      const found: { password?: string; code?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'code' ? 'code' : 'password';
        found[field] ??= issue.message;
      }
      return setProblems(found);
    }
    setProblems({});
    erase.mutate(checked.data);
  };

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
      <form noValidate onSubmit={submit} className="mt-4 space-y-3" aria-busy={erase.isPending}>
        <TextField
          label={t('delete.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={message(problems.password)}
          disabled={erase.isPending}
          required
        />
        {twoFactor && (
          <TextField
            label={t('delete.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={message(problems.code)}
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
