import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DELAYS } from '@vizita/shared/constants';
import { resetPasswordFormSchema } from '@vizita/shared/contracts/auth';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { focusOnMount } from '../../../lib/focus';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useTimeout } from '../../../lib/use-timeout';
import { useCheckResetToken } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordErrorKey, resetTokenErrorKey } from '../utils/error-keys';
import { AuthCard, StatusIcon } from './auth-card';

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-4 text-center">
      <StatusIcon tone="error">
        <AlertCircleIcon width={28} height={28} />
      </StatusIcon>
      <h1 className="text-2xl font-bold text-slate-900">{t('reset.errorHeading')}</h1>
      <Alert tone="error" className="text-left">
        {message}
      </Alert>
      <div className="flex flex-col gap-3 pt-2">
        <Link to="/forgot-password" className={buttonClasses('primary', 'w-full')}>
          {t('reset.requestNew')}
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'w-full')}>
          {t('actions.backToLogin')}
        </Link>
      </div>
    </div>
  );
}

function Success() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // Spec §2: automatic redirect to / after 3 seconds.
  useTimeout(() => void navigate('/'), DELAYS.resetRedirectMs);
  return (
    <div className="space-y-4 text-center">
      <StatusIcon tone="success">
        <CheckCircleIcon width={28} height={28} />
      </StatusIcon>
      <h1
        ref={focusOnMount}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {t('reset.successHeading')}
      </h1>
      <p className="text-slate-700">{t('reset.successText')}</p>
      <Link to="/" className={buttonClasses('primary', 'w-full')}>
        {t('actions.continueToLogin')}
      </Link>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword: password }) => {
    try {
      await reset.mutateAsync({ token, newPassword: password });
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  if (reset.isSuccess) return <Success />;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('reset.heading')}</h1>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        <NewPasswordFields
          password={form.field('newPassword')}
          confirmation={form.field('confirmPassword')}
        />
        {reset.isError && <Alert tone="error">{t(resetPasswordErrorKey(reset.error))}</Alert>}
        <Button
          type="submit"
          className="w-full"
          busy={form.isSubmitting}
          // Spec §5: disabled while a field is empty or a request runs.
          disabled={form.hasEmptyField}
        >
          {form.isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}

/** /reset-password?token= — validating, form, success or invalid link (spec §2, §4). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const check = useCheckResetToken(token);

  let content;
  if (!token) content = <InvalidLink message={t('reset.noToken')} />;
  else if (check.isError) content = <InvalidLink message={t(resetTokenErrorKey(check.error))} />;
  else if (check.isSuccess) content = <ResetForm token={token} />;
  // Also before the check has started (it starts once the page is shown).
  else content = <LoadingState label={t('reset.validating')} />;

  return (
    <AuthCard>
      <PageTitle title={t('reset.title')} />
      {content}
      <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-700">
        {t('reset.rememberPassword')}{' '}
        <Link
          to="/"
          className="rounded font-semibold text-teal-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          {t('actions.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
