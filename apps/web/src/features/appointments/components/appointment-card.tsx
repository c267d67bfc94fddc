import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  REQUEST_LAPSED_CANCEL_REASON,
  SLOT_LOST_CANCEL_REASON,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ClockIcon, MailIcon, VideoIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { joinStateAt } from '../../../lib/join-state';
import { canCancel, canReschedule, meetingAction } from '../utils/card-actions';
import { formatDuration } from '../../../lib/format-duration';
import { AppointmentWhen } from '../../../components/appointment-when';
import { AppointmentDocumentsSection } from './clinical-documents-list';
import { EarlierTimeAlert } from '../../../components/earlier-time-alert';
import { waitlistJoinAllowed } from '@vizita/shared/domain/waitlist';
import { FollowUpProposals } from '../../../components/follow-up-proposals';
import { JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import { appointmentMessagesOpen } from '@vizita/shared/domain/message-access';
import { PATIENT_DATA_AFTER_START_MS } from '@vizita/shared/domain/doctor-access';
import { FOLLOW_UP_LIFETIME_DAYS } from '@vizita/shared/domain/follow-ups';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { MEDICATION_LEFT_KEYS, useMedicationLine } from '../../../components/requested-medication';
import { formatDateTime, formatInstantDate } from '../../../lib/dates';
import { downloadVisitSummaryPdf } from '../../../api/clinical-documents';
import { PdfDownload } from '../../../components/pdf-download';

/**
 * How long after a start a follow-up proposal may still wait for the patient: it can be made until
 * the doctor's 30 days on the patient's data end, and stands for 14 days (issue #20).
 */
const FOLLOW_UP_WAITS_MS = PATIENT_DATA_AFTER_START_MS + FOLLOW_UP_LIFETIME_DAYS * 86_400_000;

// Spec §2: upcoming in the success colour, completed in the info colour, cancelled in the error one.
const STATUS = {
  upcoming: { key: 'status.upcoming', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  completed: { key: 'status.completed', tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  no_show: { key: 'status.noShow', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  cancelled: { key: 'status.cancelled', tone: 'bg-red-50 text-red-800 ring-red-200' },
} as const satisfies Record<Appointment['status'], { key: string; tone: string }>;

/** Spec §3 Plan labels. */
const PLAN_KEYS = {
  consultation: 'plans.consultation',
  prescription: 'plans.prescription',
  'follow-up': 'plans.followUp',
  'on-demand': 'plans.onDemand',
} as const satisfies Record<Appointment['plan'], string>;

const CANCELLED_BY_KEYS = {
  doctor: 'card.cancelledBy.doctor',
  patient: 'card.cancelledBy.patient',
  clinic: 'card.cancelledBy.clinic',
} as const;

/** Vizita's own reasons are data in English; the screen says them in its language. */
const OWN_REASON_KEYS = {
  [SLOT_LOST_CANCEL_REASON]: 'card.slotLost',
  [REQUEST_LAPSED_CANCEL_REASON]: 'card.request.lapsed',
} as const;

/** The id of a card's heading, for moving the focus to the card after a change. */
export function appointmentHeadingId(appointmentId: string): string {
  return `appointment-${appointmentId}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A prescription request's medicine and how much was left, for the card's details. */
function RequestDetails({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const { t: tRequests } = useTranslation('prescriptionRequests');
  const medicationLine = useMedicationLine();
  const request = appointment.prescriptionRequest;
  if (!request) return null;
  return (
    <>
      <Detail label={t('card.request.medicine')}>{medicationLine(request.medication)}</Detail>
      <Detail label={t('card.request.left')}>
        {tRequests(MEDICATION_LEFT_KEYS[request.left])}
      </Detail>
    </>
  );
}

/**
 * One appointment of the list (spec §2): when, its status, the doctor, the plan, the reason, a
 * cancellation's author and reason, and what can be done with it — join the meeting (or when it
 * can be joined, or that it ended), reschedule, cancel. `now` is the page's clock, renewed every
 * 60 seconds (spec §4), from which the join state is computed.
 *
 * A prescription request (issue #21) holds no time: it says when it was made, the medicine, how
 * much was left and — while unanswered — by when the doctor answers; it has no call, no move and
 * no earlier-time alert, and its prescription is among the documents once issued. A completed
 * visit's card offers a repeat prescription from its doctor while `requestableDoctorIds` (the
 * doctors the patient may ask now) holds them.
 */
export function AppointmentCard({
  appointment,
  now,
  requestableDoctorIds,
  onReschedule,
  onCancel,
}: {
  appointment: Appointment;
  now: Date;
  requestableDoctorIds?: ReadonlySet<string> | undefined;
  onReschedule: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const { t: tMessages } = useTranslation('messages');
  const isRequest = appointment.plan === 'prescription';
  const request = appointment.prescriptionRequest;
  const [meetingUrlMissing, setMeetingUrlMissing] = useState(false);
  const noticeId = useId();
  const headingId = appointmentHeadingId(appointment._id);
  const status = STATUS[appointment.status];
  const action = meetingAction(appointment, joinStateAt(appointment, now));
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const specialties = useSpecialtyNames();
  // Documents come from the call onwards; before it there is nothing to look for.
  const hasBegun = now.getTime() >= new Date(appointment.startsAt).getTime() - JOIN_OPENS_BEFORE_MS;
  // A follow-up is proposed from the call on: only a recent visit's card asks for one.
  const mayHaveFollowUp =
    !isRequest &&
    appointment.status !== 'cancelled' &&
    hasBegun &&
    now.getTime() <= new Date(appointment.startsAt).getTime() + FOLLOW_UP_WAITS_MS;
  const doctor = appointment.doctorId;
  const cancelledBy = appointment.cancelledBy;

  let meetingControl: ReactNode = null;
  switch (action.kind) {
    case 'join':
      meetingControl = appointment.meetingUrl ? (
        <Link
          to={`/dashboard/meeting/${encodeURIComponent(appointment._id)}`}
          aria-describedby={headingId}
          className={buttonClasses('primary')}
        >
          <VideoIcon />
          {t('card.joinMeeting')}
        </Link>
      ) : (
        // Spec §4: without a meeting URL joining is refused, and the patient is told why.
        <Button
          aria-describedby={meetingUrlMissing ? `${headingId} ${noticeId}` : headingId}
          onClick={() => setMeetingUrlMissing(true)}
        >
          <VideoIcon />
          {t('card.joinMeeting')}
        </Button>
      );
      break;
    case 'availableIn':
      meetingControl = (
        <Button variant="secondary" disabled>
          <ClockIcon />
          {t('card.availableIn', {
            duration: formatDuration(action.minutes, t, i18n.language),
          })}
        </Button>
      );
      break;
    case 'ended':
      meetingControl = (
        <Button variant="secondary" disabled>
          {t('card.meetingEnded')}
        </Button>
      );
      break;
    case 'none':
      break;
  }

  const reschedulable = canReschedule(appointment);
  const cancellable = canCancel(appointment);
  const requestLink =
    !isRequest && appointment.status === 'completed' && requestableDoctorIds?.has(doctor._id);
  // Write to the doctor while the doctor may read it (ADR 0016's window, issue #20).
  const messagesOpen = appointmentMessagesOpen(
    { status: appointment.status, startsAt: new Date(appointment.startsAt) },
    now,
  );

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          id={headingId}
          tabIndex={-1}
          className="rounded text-base font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          {isRequest ? (
            t('card.request.requestedOn', {
              date: formatInstantDate(appointment.startsAt) ?? appointment.startsAt,
            })
          ) : (
            <AppointmentWhen {...appointment} />
          )}
        </h3>
        <span
          className={cn(
            'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            status.tone,
          )}
        >
          {t(status.key)}
        </span>
      </div>

      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <Detail label={t('card.doctor')}>
          <span className="block font-medium">{doctor.name || t('card.doctorFallback')}</span>
          <span className="block text-slate-700">
            {specialties(doctor.specialties.slice(0, 1)) || t('card.specialtyFallback')}
          </span>
        </Detail>
        {appointment.forDependant && (
          <Detail label={t('card.forWhom')}>{appointment.forDependant.name}</Detail>
        )}
        <Detail label={t('card.plan')}>{t(PLAN_KEYS[appointment.plan])}</Detail>
        {isRequest && <RequestDetails appointment={appointment} />}
        {appointment.reason && (
          <Detail label={isRequest ? t('card.request.reason') : t('card.reason')}>
            {appointment.reason}
          </Detail>
        )}
      </dl>

      {isRequest && request && appointment.status === 'upcoming' && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {t('card.request.waiting', {
            when: formatDateTime(request.answerBy) ?? request.answerBy,
          })}
        </p>
      )}

      {appointment.status === 'cancelled' && (
        <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {cancelledBy && <p className="font-semibold">{t(CANCELLED_BY_KEYS[cancelledBy])}</p>}
          {appointment.cancelReason && (
            <p className="mt-1 break-words">
              <span className="font-medium">{t('card.cancelReason')}</span>{' '}
              {Object.hasOwn(OWN_REASON_KEYS, appointment.cancelReason)
                ? t(OWN_REASON_KEYS[appointment.cancelReason as keyof typeof OWN_REASON_KEYS])
                : appointment.cancelReason}
            </p>
          )}
        </div>
      )}

      {appointment.summary && (
        <section
          aria-label={t('card.summary')}
          className="mt-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-950"
        >
          <p id={`summary-${appointment._id}`} className="font-semibold">
            {t('card.summary')}
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{appointment.summary}</p>
          {appointment.summaryVerification && (
            <VisitSummaryProof
              appointmentId={appointment._id}
              verification={appointment.summaryVerification}
            />
          )}
        </section>
      )}

      {mayHaveFollowUp && <FollowUpProposals appointmentId={appointment._id} className="mt-3" />}

      {appointment.status !== 'cancelled' && hasBegun && (
        <details
          className="mt-3 rounded-lg border border-slate-200 p-3 text-sm"
          onToggle={(e) => setDocumentsOpen(e.currentTarget.open)}
        >
          <summary className="cursor-pointer font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
            {t('documents.title')}
          </summary>
          {/* Loaded when opened: a list of cards does not ask for every card's documents. */}
          {documentsOpen && (
            <div className="mt-2">
              <AppointmentDocumentsSection appointmentId={appointment._id} />
            </div>
          )}
        </details>
      )}

      {meetingUrlMissing && (
        <div id={noticeId} className="mt-3">
          <Alert tone="error">{t('card.meetingUrlMissing')}</Alert>
        </div>
      )}

      {(meetingControl || reschedulable || cancellable || messagesOpen || requestLink) && (
        <div className="mt-4 flex flex-wrap gap-2">
          {meetingControl}
          {messagesOpen && (
            <Link
              to={`/dashboard/messages/appointment/${encodeURIComponent(appointment._id)}`}
              aria-describedby={headingId}
              className={buttonClasses('secondary')}
            >
              <MailIcon />
              {tMessages('card.write')}
            </Link>
          )}
          {reschedulable && (
            <Button
              variant="secondary"
              aria-describedby={headingId}
              onClick={() => onReschedule(appointment)}
            >
              {t('card.reschedule')}
            </Button>
          )}
          {cancellable && (
            <Button
              variant="secondary"
              aria-describedby={headingId}
              onClick={() => onCancel(appointment)}
            >
              {t('card.cancel')}
            </Button>
          )}
          {requestLink && (
            <Link
              to={`/dashboard/prescriptions/new?doctor=${encodeURIComponent(doctor._id)}`}
              aria-describedby={headingId}
              className={buttonClasses('secondary')}
            >
              {t('card.request.repeat')}
            </Link>
          )}
        </div>
      )}

      {appointment.status === 'upcoming' && !isRequest && (
        <EarlierTimeAlert
          target={{ appointmentId: appointment._id }}
          canAsk={waitlistJoinAllowed(new Date(appointment.startsAt), now)}
          describedBy={headingId}
          className="mt-3"
        />
      )}
    </article>
  );
}

/**
 * A signed visit summary (ADR 0037): its code with the public page that checks it, and its PDF —
 * printed like the doctor's other documents.
 */
function VisitSummaryProof({
  appointmentId,
  verification,
}: {
  appointmentId: string;
  verification: { shortCode: string; url: string };
}) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <p className="mt-2 text-xs text-sky-900">
        {t('card.summaryCode', { code: verification.shortCode })}{' '}
        <a
          className="font-medium underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          href={new URL(verification.url).pathname}
        >
          {t('card.summaryCheck')}
        </a>
      </p>
      <div className="mt-3">
        <PdfDownload
          download={(language) =>
            downloadVisitSummaryPdf(appointmentId, verification.shortCode, language)
          }
          describedBy={`summary-${appointmentId}`}
        />
      </div>
    </>
  );
}
