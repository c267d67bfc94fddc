import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DELAYS } from '@vizita/shared/constants';
import { parseBookingLinkPath } from '@vizita/shared/domain/booking-link';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { useTimeout } from '../../../lib/use-timeout';
import { useValidateEmail } from '../api/validate-email';
import { validateEmailErrorKey } from '../utils/error-keys';
import { AuthCard, StatusIcon } from './auth-card';
import { ResendValidationForm } from './resend-validation-form';

function Failure({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-6 text-center">
      <StatusIcon tone="error">
        <AlertCircleIcon width={28} height={28} />
      </StatusIcon>
      <h1 className="text-2xl font-bold text-slate-900">{t('validateEmail.failedHeading')}</h1>
      <Alert tone="error" className="text-left">
        {message}
      </Alert>
      <ResendValidationForm />
      <Link to="/" className={buttonClasses('ghost', 'w-full')}>
        {t('actions.backToLogin')}
      </Link>
    </div>
  );
}

/**
 * /validate-email?token=[&next=] — confirms the address from the e-mailed link (spec §2, §4).
 * `next` is the booking link of a time chosen before registering (issue #22): the way to sign-in
 * then passes through it, which remembers the time again in this browser, perhaps not the one
 * she registered in.
 */
export function ValidateEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const next = searchParams.get('next');
  // Only a booking link: anything else in a link is no address we send anyone to.
  const signIn = next && parseBookingLinkPath(next) ? next : '/';
  const validation = useValidateEmail(token);

  // Spec §4: success leads back to login after 3 seconds.
  useTimeout(() => void navigate(signIn), DELAYS.emailValidationRedirectMs, validation.isSuccess);

  let content;
  if (!token) {
    content = <Failure message={t('validateEmail.noToken')} />;
  } else if (validation.isError) {
    content = <Failure message={t(validateEmailErrorKey(validation.error))} />;
  } else if (validation.isSuccess) {
    const already = validation.data.alreadyValidated;
    content = (
      <div className="space-y-4 text-center">
        <StatusIcon tone="success">
          <CheckCircleIcon width={28} height={28} />
        </StatusIcon>
        <h1 className="text-2xl font-bold text-slate-900">
          {already ? t('validateEmail.alreadyHeading') : t('validateEmail.successHeading')}
        </h1>
        <p className="text-slate-700">
          {already ? t('validateEmail.alreadyText') : t('validateEmail.successText')}
        </p>
        <p role="status" className="text-sm text-slate-600">
          {t('validateEmail.redirecting')}
        </p>
        <Link to={signIn} className={buttonClasses('primary', 'w-full')}>
          {t('actions.continueToLogin')}
        </Link>
      </div>
    );
  } else {
    // Also before the call has started (it starts once the page is shown).
    content = <LoadingState label={t('validateEmail.validating')} />;
  }

  return (
    <AuthCard>
      <PageTitle title={t('validateEmail.title')} />
      {content}
    </AuthCard>
  );
}
