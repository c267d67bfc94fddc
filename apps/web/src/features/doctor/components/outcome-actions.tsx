import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSetOutcome } from '../api/set-outcome';
import { statusKey } from './schedule-status';

/** Completed or no-show, once the consultation has started (the server checks it again). */
export function OutcomeActions({
  appointment,
  started,
}: {
  appointment: Appointment;
  started: boolean;
}) {
  const { t } = useTranslation('doctor');
  const outcome = useSetOutcome();
  const recorded = appointment.status === 'completed' || appointment.status === 'no_show';
  return (
    <Card>
      <section aria-labelledby="appointment-outcome">
        <h2 id="appointment-outcome" className="text-lg font-semibold text-slate-900">
          {t('outcome.heading')}
        </h2>
        {!started ? (
          <p className="mt-3 text-sm text-slate-700">{t('outcome.notYet')}</p>
        ) : (
          <div className="mt-3 space-y-3">
            {recorded && (
              <p className="text-sm text-slate-700">
                {t('outcome.current', { status: t(statusKey(appointment.status as 'completed')) })}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant={appointment.status === 'completed' ? 'secondary' : 'primary'}
                disabled={outcome.isPending || appointment.status === 'completed'}
                onClick={() =>
                  outcome.mutate({ appointmentId: appointment._id, outcome: 'completed' })
                }
              >
                {t('outcome.completed')}
              </Button>
              <Button
                variant="secondary"
                disabled={outcome.isPending || appointment.status === 'no_show'}
                onClick={() =>
                  outcome.mutate({ appointmentId: appointment._id, outcome: 'no_show' })
                }
              >
                {t('outcome.noShow')}
              </Button>
            </div>
            {outcome.isError && <Alert tone="error">{t('outcome.failed')}</Alert>}
          </div>
        )}
      </section>
    </Card>
  );
}
