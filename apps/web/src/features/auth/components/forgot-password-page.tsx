import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailOnlyRequestSchema } from '@vizita/shared/contracts/auth';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { TextField } from '../../../components/ui/text-field';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordErrorKey } from '../utils/error-keys';
import { AuthCard, StatusIcon } from './auth-card';

/** /forgot-password — asks for a reset link; then "Check Your Email" (spec §2, §4). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({ schema: emailOnlyRequestSchema, defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync({ email });
      setSentTo(normalizeEmail(email));
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  const sendAnother = () => {
    forgot.reset();
    form.reset({ email: sentTo ?? '' });
    setSentTo(null);
  };

  return (
    <AuthCard>
      <PageTitle title={t('forgot.title')} />
      {sentTo ? (
        <div className="space-y-4 text-center">
          <StatusIcon tone="success">
            <MailIcon width={28} height={28} />
          </StatusIcon>
          <h1
            ref={focusOnMount}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {t('forgot.sentHeading')}
          </h1>
          <p className="text-slate-700">{t('forgot.sentText', { email: sentTo })}</p>
          <div className="flex flex-col gap-3 pt-2">
            <Link to="/" className={buttonClasses('primary', 'w-full')}>
              {t('actions.backToLogin')}
            </Link>
            <Button variant="secondary" className="w-full" onClick={sendAnother}>
              {t('forgot.sendAnother')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-6">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('forgot.heading')}</h1>
            <p className="mt-1 text-slate-700">{t('forgot.intro')}</p>
          </div>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.field('email')}
            />
            {forgot.isError && (
              <Alert tone="error">{t(forgotPasswordErrorKey(forgot.error))}</Alert>
            )}
            <Button type="submit" className="w-full" busy={form.isSubmitting}>
              {form.isSubmitting ? t('actions.sending') : t('forgot.submit')}
            </Button>
          </form>
          <Link to="/" className={buttonClasses('ghost', 'w-full')}>
            {t('actions.backToLogin')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
