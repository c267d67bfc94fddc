import type { ReactNode } from 'react';
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

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

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
              {urgent && (
                <span className="ml-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300">
                  {t('requests.urgent')}
                </span>
              )}
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
