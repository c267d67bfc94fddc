import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { OnCallSwitch } from '../../../components/on-call-switch';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { errorKey } from '../../../lib/api-client';
import { useOnCall } from '../api/get-on-call';
import { useSetOnCall } from '../api/set-on-call';
import { useTakeNextPatient } from '../api/take-next-patient';

// The refusals of "Take the next patient", as keys of the `onDemand` namespace.
const TAKE_ERROR_KEYS = {
  nobodyWaiting: 'onCall.errors.nobodyWaiting',
  notOnCall: 'onCall.errors.notOnCall',
  inOnDemandCall: 'onCall.errors.inCall',
  tooManyRequests: 'onCall.errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const doctorMeetingPath = (appointmentId: string) =>
  `/doctor/meeting/${encodeURIComponent(appointmentId)}`;

/**
 * "See a doctor now" in the doctor's console (issue #22): she says for how long she takes
 * patients who want a doctor now, sees how many of them wait for her specialties and languages
 * (asked again every few seconds), and takes the next one — straight into the call.
 */
export function OnCallPanel() {
  const { t } = useTranslation('onDemand');
  const navigate = useNavigate();
  const onCall = useOnCall();
  const set = useSetOnCall();
  const take = useTakeNextPatient();
  const hintId = useId();

  let content: ReactNode;
  if (onCall.data) {
    const { until, waiting, currentAppointmentId } = onCall.data;
    const on = until !== null;
    // Why the button cannot be used now, said beside it.
    const blocked = currentAppointmentId
      ? t('onCall.finishFirst')
      : waiting === 0
        ? t('onCall.nobodyWaiting')
        : null;
    content = (
      <div className="space-y-4">
        <OnCallSwitch
          until={until}
          busy={set.isPending}
          onSet={(minutes) => {
            take.reset();
            set.mutate(minutes);
          }}
        />
        {set.isError && <Alert tone="error">{t('onCall.errors.setFailed')}</Alert>}
        {currentAppointmentId && (
          <Link to={doctorMeetingPath(currentAppointmentId)} className={buttonClasses('secondary')}>
            {t('onCall.backToCall')}
          </Link>
        )}
        {on && (
          <div className="space-y-3 rounded-lg bg-slate-50 p-3">
            <p role="status" className="text-sm font-medium text-slate-900">
              {t('onCall.waiting', { count: waiting })}
            </p>
            <div>
              <Button
                busy={take.isPending}
                disabled={blocked !== null}
                aria-describedby={blocked ? hintId : undefined}
                onClick={() =>
                  take.mutate(undefined, {
                    onSuccess: (taken) => void navigate(doctorMeetingPath(taken.appointmentId)),
                  })
                }
              >
                {t('onCall.take')}
              </Button>
              {blocked && (
                <p id={hintId} className="mt-1 text-xs text-slate-700">
                  {blocked}
                </p>
              )}
            </div>
          </div>
        )}
        {take.isError && (
          <Alert tone="error">
            {t(errorKey(take.error, TAKE_ERROR_KEYS, 'onCall.errors.takeFailed'))}
          </Alert>
        )}
      </div>
    );
  } else if (onCall.isError)
    content = (
      <ErrorState
        message={t('onCall.errors.loadFailed')}
        retrying={onCall.isFetching}
        onRetry={() => void onCall.refetch()}
      />
    );
  else content = <LoadingState label={t('onCall.loading')} className="py-6" />;

  return (
    <Card>
      <section aria-labelledby="on-call" className="space-y-3">
        <h2 id="on-call" className="text-lg font-semibold text-slate-900">
          {t('onCall.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('onCall.intro')}</p>
        {content}
      </section>
    </Card>
  );
}
