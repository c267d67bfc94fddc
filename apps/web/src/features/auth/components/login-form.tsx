import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginRequestSchema } from '@vizita/shared/contracts/sign-in';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DelayedSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { bookingCalendarPath } from '../../../lib/booking-intent';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useLogin } from '../api/login';
import { useResendValidationEmail } from '../api/resend-validation-email';
import { isEmailNotValidated, loginErrorKey, resendErrorKey } from '../utils/error-keys';

// The code step of two-factor sign-in: its own chunk, fetched only when a password needs it.
const TwoFactorLoginStep = lazy(async () => ({
  default: (await import('./two-factor-login-step')).TwoFactorLoginStep,
}));

const linkClass =
  'rounded font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const resend = useResendValidationEmail();
  // Spec §8: an address that still needs validating is kept for the resend flow.
  const [unvalidatedEmail, setUnvalidatedEmail] = useState<string | null>(null);
  // The password was right and a second factor is due (ADR 0023).
  const [challenge, setChallenge] = useState<string | null>(null);

  const form = useSchemaForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setUnvalidatedEmail(null);
    resend.reset();
    try {
      const answer = await login.mutateAsync({ email, password });
      if ('challenge' in answer) return setChallenge(answer.challenge);
      // A time chosen on a public doctor page goes on to its booking (issue #22); the guards
      // send a doctor, an admin or an incomplete profile where they belong.
      await navigate(bookingCalendarPath() ?? '/dashboard');
    } catch (error) {
      if (isEmailNotValidated(error)) setUnvalidatedEmail(email);
    }
  });

  if (challenge)
    return (
      <Suspense fallback={<DelayedSpinner />}>
        <TwoFactorLoginStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </Suspense>
    );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <div className="space-y-2">
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          revealLabel={t('fields.showPassword')}
          {...form.field('password')}
        />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={linkClass}>
            {t('login.forgotPassword')}
          </Link>
        </div>
      </div>

      {login.isError && (
        <Alert tone="error">
          <p>{t(loginErrorKey(login.error))}</p>
          {unvalidatedEmail && !resend.isSuccess && (
            <Button
              variant="secondary"
              className="mt-3"
              busy={resend.isPending}
              onClick={() => resend.mutate({ email: unvalidatedEmail })}
            >
              {resend.isPending ? t('actions.sending') : t('login.resend')}
            </Button>
          )}
          {resend.isError && <p className="mt-2">{t(resendErrorKey(resend.error))}</p>}
        </Alert>
      )}
      {resend.isSuccess && <Alert tone="success">{t('resend.success')}</Alert>}

      <Button type="submit" className="w-full" busy={form.isSubmitting}>
        {form.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
