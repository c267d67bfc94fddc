import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import {
  MEDICATION_LEFT_KEYS,
  MEDICINE_FORM_KEYS,
  useMedicineName,
} from '../../../components/requested-medication';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { answerIsUrgent } from '../utils/request-urgency';
import { Detail, UrgentBadge } from './request-details';

/**
 * What a prescription request asks (issue #21): the medicine with its strength and form, how much
 * the patient has left, why, and — while it waits — by when to answer and how.
 */
export function PrescriptionRequestPanel({
  appointment,
  now,
}: {
  appointment: Pick<Appointment, 'status' | 'reason' | 'prescriptionRequest'>;
  now: Date;
}) {
  const { t } = useTranslation('doctor');
  const { t: tRequests } = useTranslation('prescriptionRequests');
  const { t: tDocuments } = useTranslation('clinicalDocuments');
  const medicineName = useMedicineName();
  const request = appointment.prescriptionRequest;
  if (!request) return null;
  const { medication } = request;
  const waiting = appointment.status === 'upcoming';
  const urgent = waiting && answerIsUrgent(request.answerBy, now);
  return (
    <Card>
      <section aria-labelledby="prescription-request" className="space-y-3">
        <h2 id="prescription-request" className="text-lg font-semibold text-slate-900">
          {t('requests.page.heading')}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Detail label={t('requests.medicine')}>{medicineName(medication)}</Detail>
          <Detail label={t('requests.page.strength')}>
            {medication.strength || t('requests.page.notGiven')}
          </Detail>
          <Detail label={t('requests.page.form')}>
            {medication.form
              ? tDocuments(MEDICINE_FORM_KEYS[medication.form])
              : t('requests.page.notGiven')}
          </Detail>
          <Detail label={t('requests.left')}>
            {tRequests(MEDICATION_LEFT_KEYS[request.left])}
          </Detail>
          <Detail label={t('requests.reason')}>
            <span className="whitespace-pre-line">{appointment.reason}</span>
          </Detail>
          {waiting && (
            <Detail label={t('requests.answerBy')}>
              <time
                dateTime={request.answerBy}
                className={cn(urgent && 'font-semibold text-amber-950')}
              >
                {formatDateTime(request.answerBy) ?? request.answerBy}
              </time>
              {urgent && <UrgentBadge className="ml-2" />}
            </Detail>
          )}
        </dl>
        {waiting && <p className="text-sm text-slate-700">{t('requests.page.howToAnswer')}</p>}
        {appointment.status === 'completed' && (
          <p className="text-sm text-slate-700">{t('requests.page.answered')}</p>
        )}
      </section>
    </Card>
  );
}
