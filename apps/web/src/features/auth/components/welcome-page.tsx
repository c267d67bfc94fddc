import { lazy, Suspense, useEffect, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DELAYS } from '@vizita/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ClockIcon, LockIcon, ShieldIcon, VideoIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { DelayedSpinner } from '../../../components/ui/spinner';
import { readBookingIntent } from '../../../lib/booking-intent';
import { useTimeout } from '../../../lib/use-timeout';
import { useSession } from '../hooks/use-session';
import { LoginForm } from './login-form';

// Registration is its own chunk: a first visit to `/` signs in more often than it registers, and
// the password rules and the new-password pair would take the first page over its budget (ADR
// 0010). It is fetched as soon as the sign-in form shows, so "Create account" finds it loaded.
const loadRegistrationForm = () => import('./registration-form');
const RegistrationForm = lazy(async () => ({
  default: (await loadRegistrationForm()).RegistrationForm,
}));

// A time chosen on a public doctor page (issue #22): its notice is fetched only then.
const BookingIntentNotice = lazy(async () => ({
  default: (await import('./booking-intent-notice')).BookingIntentNotice,
}));

type Notice = 'register.successValidate' | 'register.successReady' | 'login.accountDeleted';

const linkClass =
  'rounded font-semibold text-teal-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

const PROMISES: {
  id: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title:
    | 'promises.video.title'
    | 'promises.availability.title'
    | 'promises.encryption.title'
    | 'promises.compliance.title';
  text:
    | 'promises.video.text'
    | 'promises.availability.text'
    | 'promises.encryption.text'
    | 'promises.compliance.text';
}[] = [
  { id: 'video', Icon: VideoIcon, title: 'promises.video.title', text: 'promises.video.text' },
  {
    id: 'availability',
    Icon: ClockIcon,
    title: 'promises.availability.title',
    text: 'promises.availability.text',
  },
  {
    id: 'encryption',
    Icon: LockIcon,
    title: 'promises.encryption.title',
    text: 'promises.encryption.text',
  },
  {
    id: 'compliance',
    Icon: ShieldIcon,
    title: 'promises.compliance.title',
    text: 'promises.compliance.text',
  },
];

function Promises() {
  const { t } = useTranslation('medical');
  return (
    <section aria-labelledby="promises-heading">
      <h2 id="promises-heading" className="text-lg font-semibold text-slate-900">
        {t('promises.heading')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {PROMISES.map(({ id, Icon, title, text }) => (
          <li key={id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-teal-50 text-teal-700">
              <Icon />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{t(title)}</h3>
              <p className="mt-1 text-sm text-slate-700">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Welcome page: the product's promises, login, and the embedded registration (?register=true). */
export function WelcomePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const registering = searchParams.get('register') === 'true';
  const { endedBecause } = useSession();
  const [notice, setNotice] = useState<Notice | null>(() =>
    endedBecause === 'accountDeleted' ? 'login.accountDeleted' : null,
  );
  const [bookingIntent] = useState(readBookingIntent);

  useEffect(() => {
    void loadRegistrationForm();
  }, []);

  const backToLogin = () => void navigate('/', { replace: true });
  // Spec §2: after registering, the user is returned to login after 2 seconds.
  useTimeout(backToLogin, DELAYS.registrationRedirectMs, registering && notice !== null);

  return (
    <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
      <PageTitle title={registering ? t('register.heading') : t('welcome.title')} />
      <div className="lg:col-start-1 lg:pt-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('welcome.heading')}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{t('welcome.intro')}</p>
      </div>

      <Card className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {bookingIntent && (
          <Suspense>
            <BookingIntentNotice intent={bookingIntent} />
          </Suspense>
        )}
        {registering ? (
          <section aria-labelledby="register-heading" className="space-y-6">
            <div>
              <h2 id="register-heading" className="text-2xl font-bold text-slate-900">
                {t('register.heading')}
              </h2>
              <p className="mt-1 text-slate-700">{t('register.intro')}</p>
            </div>
            {notice && (
              <Alert tone="success">
                <p>{t(notice)}</p>
                <p className="mt-1">{t('register.returning')}</p>
                <Button variant="secondary" className="mt-3" onClick={backToLogin}>
                  {t('actions.continueToLogin')}
                </Button>
              </Alert>
            )}
            <Suspense fallback={<DelayedSpinner />}>
              <RegistrationForm
                onRegistered={({ emailValidationRequired }) =>
                  setNotice(
                    emailValidationRequired ? 'register.successValidate' : 'register.successReady',
                  )
                }
              />
            </Suspense>
            <p className="text-center text-sm text-slate-700">
              {t('register.haveAccount')}{' '}
              <Link to="/" className={linkClass}>
                {t('actions.backToLogin')}
              </Link>
            </p>
          </section>
        ) : (
          <section aria-labelledby="login-heading" className="space-y-6">
            <div>
              <h2 id="login-heading" className="text-2xl font-bold text-slate-900">
                {t('login.heading')}
              </h2>
              <p className="mt-1 text-slate-700">{t('login.intro')}</p>
            </div>
            {notice && <Alert tone="success">{t(notice)}</Alert>}
            <LoginForm />
            <p className="text-center text-sm text-slate-700">
              {t('login.noAccount')}{' '}
              <Link to="/?register=true" className={linkClass} onClick={() => setNotice(null)}>
                {t('login.createAccount')}
              </Link>
            </p>
          </section>
        )}
      </Card>

      <div className="lg:col-start-1">
        <Promises />
      </div>
    </div>
  );
}
