import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Profile } from '@vizita/shared/contracts/profile';
import { ProfileCompletionBanner } from '../../../components/profile-completion-banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckCircleIcon, UserIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { formatCalendarDate, formatInstantDate } from '../../../lib/dates';
import {
  addressLine,
  COUNTRY_KEYS,
  GENDER_KEYS,
  INSURANCE_TYPE_KEYS,
  isCountryCode,
} from '../../../lib/profile-labels';
import { ChangePasswordDialog } from './change-password-dialog';
import { ProfileLoader } from './profile-loader';

/** One labelled value of a card; a missing value reads "Not provided" (spec §2). */
function Detail({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation('profile');
  const missing = value === null || value === undefined || value === '';
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={
          missing
            ? 'mt-1 text-sm text-slate-600 italic sm:col-span-2 sm:mt-0'
            : 'mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0'
        }
      >
        {missing ? t('view.notProvided') : value}
      </dd>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <dl className="mt-2 divide-y divide-slate-100">{children}</dl>
    </Card>
  );
}

function ProfileDetails({
  profile,
  onSignOut,
  signingOut,
}: {
  profile: Profile;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { t } = useTranslation(['profile', 'medical']);
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const closePasswordDialog = () => setChangingPassword(false);

  const code = profile.address?.country?.code ?? '';
  const country = isCountryCode(code)
    ? t(COUNTRY_KEYS[code], { ns: 'medical' })
    : (profile.address?.country?.name ?? null);
  const { insurance } = profile;

  return (
    <>
      {!profile.isComplete && <ProfileCompletionBanner percentage={profile.completionPercentage} />}

      <Card className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <UserIcon width={28} height={28} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold break-words text-slate-900">{profile.fullName}</h2>
          <p className="text-sm break-all text-slate-700">{profile.email}</p>
        </div>
        {profile.emailVerified && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">
            <CheckCircleIcon width={16} height={16} />
            {t('view.verifiedAccount')}
          </span>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <InfoCard title={t('sections.personal')}>
          <Detail
            label={t('fields.gender')}
            value={profile.gender && t(GENDER_KEYS[profile.gender], { ns: 'medical' })}
          />
          <Detail
            label={t('fields.birthDate')}
            value={profile.birthday && formatCalendarDate(profile.birthday)}
          />
          <Detail label={t('fields.address')} value={addressLine(profile.address, country)} />
          {profile.nationalIdNumber && (
            <Detail label={t('fields.nationalId')} value={profile.nationalIdNumber} />
          )}
        </InfoCard>

        {insurance && (
          <InfoCard title={t('sections.insurance')}>
            <Detail
              label={t('fields.insuranceType')}
              value={t(INSURANCE_TYPE_KEYS[insurance.type], { ns: 'medical' })}
            />
            <Detail label={t('fields.insuranceCompany')} value={insurance.company} />
            <Detail label={t('fields.insuranceNumber')} value={insurance.number} />
          </InfoCard>
        )}

        <InfoCard title={t('view.accountHeading')}>
          <Detail
            label={t('view.emailStatus')}
            value={profile.emailVerified ? t('view.verified') : t('view.notVerified')}
          />
          <Detail label={t('view.memberSince')} value={formatInstantDate(profile.memberSince)} />
        </InfoCard>
      </div>

      <section aria-labelledby="profile-actions-heading">
        <h2 id="profile-actions-heading" className="sr-only">
          {t('view.actionsHeading')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Button onClick={() => void navigate('/dashboard/edit-profile')}>
            {t('view.editProfile')}
          </Button>
          <Button variant="secondary" onClick={() => setChangingPassword(true)}>
            {t('view.changePassword')}
          </Button>
          <Link to="/dashboard/billing" className={buttonClasses('secondary')}>
            {t('view.billing')}
          </Link>
          <Link to="/dashboard/people" className={buttonClasses('secondary')}>
            {t('view.people')}
          </Link>
          <Link to="/security" className={buttonClasses('secondary')}>
            {t('view.security')}
          </Link>
          <Button variant="secondary" onClick={onSignOut} disabled={signingOut}>
            {t('view.signOut')}
          </Button>
        </div>
      </section>

      {changingPassword && (
        <ChangePasswordDialog onClose={closePasswordDialog} onSuccess={closePasswordDialog} />
      )}
    </>
  );
}

/**
 * /dashboard/profile (spec §2). The owner sees their identifiers unmasked; they are never logged.
 * `onSignOut` ends the session and leaves for the welcome page; `children` follow the profile
 * (the app passes both: privacy and data rights live in their own feature).
 */
export function ProfilePage({
  onSignOut,
  signingOut = false,
  children,
}: {
  onSignOut: () => void;
  signingOut?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle title={t('view.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('view.title')}</h1>
        <p className="mt-1 text-slate-700">{t('view.subtitle')}</p>
      </div>
      <ProfileLoader>
        {(profile) => (
          <>
            <ProfileDetails profile={profile} onSignOut={onSignOut} signingOut={signingOut} />
            {children}
          </>
        )}
      </ProfileLoader>
    </div>
  );
}
