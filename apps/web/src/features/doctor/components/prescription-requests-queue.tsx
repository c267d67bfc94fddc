import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DoctorPrescriptionRequest } from '@vizita/shared/contracts/prescription-requests';
import { MEDICATION_LEFT_KEYS, useMedicationLine } from '../../../components/requested-medication';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/dates';
import { usePersonName } from '../../../lib/person-name';
import { usePrescriptionRequests } from '../api/get-prescription-requests';
import { answerIsUrgent } from '../utils/request-urgency';
import { Detail, UrgentBadge } from './request-details';
import { DeclineRequestDialog } from './decline-request-dialog';

/** One request of the queue: who, which medicine, how much is left, why, and by when. */
function RequestItem({
  request,
  now,
  onDecline,
}: {
  request: DoctorPrescriptionRequest;
  now: Date;
  onDecline: () => void;
}) {
  const { t } = useTranslation('doctor');
  const { t: tRequests } = useTranslation('prescriptionRequests');
  const personName = usePersonName();
  const medicationLine = useMedicationLine();
  const headingId = `prescription-request-${request.appointmentId}`;
  const urgent = answerIsUrgent(request.answerBy, now);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border p-4',
        urgent ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words text-slate-900">
          {personName(request.patient.name)}
        </h3>
        {urgent && <UrgentBadge className="shrink-0" />}
      </div>
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
        <Detail label={t('requests.medicine')}>{medicationLine(request.medication)}</Detail>
        <Detail label={t('requests.left')}>{tRequests(MEDICATION_LEFT_KEYS[request.left])}</Detail>
        <Detail label={t('requests.reason')}>
          <span className="whitespace-pre-line">{request.reason}</span>
        </Detail>
        <Detail label={t('requests.answerBy')}>
          <time
            dateTime={request.answerBy}
            className={cn(urgent && 'font-semibold text-amber-950')}
          >
            {formatDateTime(request.answerBy) ?? request.answerBy}
          </time>
          <span className="block text-xs text-slate-600">
            {t('requests.requestedAt', {
              when: formatDateTime(request.requestedAt) ?? request.requestedAt,
            })}
          </span>
        </Detail>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`/doctor/appointments/${encodeURIComponent(request.appointmentId)}`}
          aria-describedby={headingId}
          className={buttonClasses('primary')}
        >
          {t('requests.open')}
        </Link>
        <Button variant="secondary" aria-describedby={headingId} onClick={onDecline}>
          {t('requests.declineButton')}
        </Button>
      </div>
    </article>
  );
}

/**
 * The doctor's repeat prescription requests (issue #21), the most urgent first: each is answered
 * on its page by issuing a prescription, or declined here with a reason. Those with less than
 * 12 hours to their deadline stand out — in words, not colour alone.
 */
export function PrescriptionRequestsQueue({ now }: { now: Date }) {
  const { t } = useTranslation('doctor');
  const personName = usePersonName();
  const requests = usePrescriptionRequests();
  const [declining, setDeclining] = useState<DoctorPrescriptionRequest>();
  const [declined, setDeclined] = useState(false);

  let content: ReactNode;
  if (requests.isError)
    content = (
      <ErrorState
        message={t('requests.error')}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  else if (!requests.data) content = <LoadingState label={t('requests.loading')} />;
  else if (requests.data.length === 0)
    content = <p className="text-sm text-slate-700">{t('requests.empty')}</p>;
  else
    content = (
      <ul className="space-y-3">
        {requests.data.map((request) => (
          <li key={request.appointmentId}>
            <RequestItem
              request={request}
              now={now}
              onDecline={() => {
                setDeclined(false);
                setDeclining(request);
              }}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <Card>
      <section aria-labelledby="prescription-requests" className="space-y-3">
        <h2 id="prescription-requests" className="text-lg font-semibold text-slate-900">
          {t('requests.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('requests.intro')}</p>
        {declined && <Alert tone="success">{t('requests.decline.done')}</Alert>}
        {content}
      </section>
      {declining && (
        <DeclineRequestDialog
          appointmentId={declining.appointmentId}
          patientName={personName(declining.patient.name)}
          onClose={() => setDeclining(undefined)}
          onDeclined={() => {
            setDeclining(undefined);
            setDeclined(true);
          }}
        />
      )}
    </Card>
  );
}
