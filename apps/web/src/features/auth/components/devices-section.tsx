import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatShortDateTime } from '../../../lib/dates';
import { useDevices, useSignOutDevice, useSignOutEverywhere } from '../api/devices';
import { describeDevice } from '../utils/describe-device';

/** The devices signed in to the account: sign one out, or all of them (this one too). */
export function DevicesSection() {
  const { t } = useTranslation('security');
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const everywhere = useSignOutEverywhere();

  const name = (userAgent: string | null) => {
    const { browser, system } = describeDevice(userAgent);
    if (browser && system) return t('devices.browserOn', { browser, system });
    return browser ?? system ?? t('devices.unknown');
  };

  return (
    <section aria-labelledby="devices-heading" className="space-y-4">
      <div>
        <h2 id="devices-heading" className="text-lg font-semibold text-slate-900">
          {t('devices.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('devices.intro')}</p>
      </div>
      {!devices.data ? (
        devices.isError ? (
          <ErrorState message={t('errors.load')} onRetry={() => void devices.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <ul className="divide-y divide-slate-100">
          {devices.data.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {name(d.userAgent)}
                  {d.current && (
                    <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-900 ring-1 ring-teal-200">
                      {t('devices.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-slate-700">
                  {t('devices.since', {
                    date: formatShortDateTime(d.createdAt) ?? d.createdAt,
                  })}
                  {d.lastUsedAt &&
                    ` · ${t('devices.lastUsed', { date: formatShortDateTime(d.lastUsedAt) ?? d.lastUsedAt })}`}
                </p>
              </div>
              {!d.current && (
                <Button
                  variant="secondary"
                  busy={signOut.isPending && signOut.variables === d.id}
                  onClick={() => signOut.mutate(d.id)}
                >
                  {t('devices.signOut')}
                  <span className="sr-only"> ({name(d.userAgent)})</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(signOut.isError || everywhere.isError) && <Alert tone="error">{t('errors.generic')}</Alert>}
      <Button variant="secondary" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
        {t('devices.everywhere')}
      </Button>
    </section>
  );
}
