import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { useLogout } from '../api/logout';
import { useSession } from '../hooks/use-session';
import { DevicesSection } from './devices-section';
import { TwoFactorSection } from './two-factor-section';

/**
 * /security — two-factor sign-in and the signed-in devices, for every role. A doctor or admin
 * without two-factor sign-in lands here and can do nothing else until it is on (ADR 0023).
 * `children` follow the devices once the session is full (the app passes a staff member's
 * e-mail choices, which live in their own feature).
 */
export function SecurityPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('security');
  const { user } = useSession();
  const logout = useLogout();
  const restricted = user?.twoFactor === 'required';
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle title={t('title')} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        {restricted && (
          <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
            {t('signOut')}
          </Button>
        )}
      </div>
      <Card>
        <TwoFactorSection />
      </Card>
      {/* The devices need a full session: shown once the second factor is set up. */}
      {!restricted && (
        <>
          <Card>
            <DevicesSection />
          </Card>
          {children}
        </>
      )}
    </div>
  );
}
