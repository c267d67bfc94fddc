import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';
import { AlertCircleIcon } from './ui/icons';

/**
 * "Complete your profile" with a way there (spec §2: the dashboard home and the profile screen
 * show it while the profile is incomplete). The profile screen knows the percentage; the
 * dashboard knows only the session's flag.
 */
export function ProfileCompletionBanner({ percentage }: { percentage?: number }) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center"
    >
      <AlertCircleIcon width={24} height={24} className="shrink-0 text-amber-800" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id={headingId} className="font-semibold text-amber-950">
          {t('banner.heading')}
        </h2>
        {percentage !== undefined && (
          <>
            <p className="text-sm font-medium text-amber-950">
              {t('banner.percentage', { percentage })}
            </p>
            <div aria-hidden="true" className="h-2 w-full max-w-xs rounded-full bg-amber-200">
              <div
                className="h-2 rounded-full bg-amber-700"
                style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }}
              />
            </div>
          </>
        )}
        <p className="text-sm text-amber-900">{t('banner.text')}</p>
      </div>
      <Link to="/complete-profile" className={buttonClasses('primary', 'shrink-0')}>
        {t('banner.action')}
      </Link>
    </section>
  );
}
