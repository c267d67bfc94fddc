import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@vizita/shared/contracts/profile';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useProfile } from '../api/get-profile';

/**
 * Loads the profile and renders `children` with it; meanwhile a spinner, on failure the spec's
 * load error with Try Again. What was loaded stays on screen while it is fetched again, even if
 * that fails.
 */
export function ProfileLoader({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  if (profile.data) return children(profile.data);
  if (profile.isError) {
    return (
      <ErrorState
        message={t('errors.load')}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <LoadingState label={t('view.loading')} />;
}
