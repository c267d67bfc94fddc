import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link, useParams } from 'react-router';
import {
  REQUEST_LAPSED_CANCEL_REASON,
  SLOT_LOST_CANCEL_REASON,
} from '@vizita/shared/contracts/appointments';
import { doctorMayCancel } from '@vizita/shared/domain/doctor-access';
import { JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import { AppointmentDocuments } from '../../../components/appointment-documents';
import { AppointmentMessagesPanel } from '../../../components/appointment-messages-panel';
import { AppointmentWhen } from '../../../components/appointment-when';
import { ResendGuestLink } from '../../../components/resend-guest-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { useAppointmentDocuments } from '../../../api/appointment-documents';
import { useAppointment } from '../../../api/get-appointment';
import { joinStateAt } from '../../../lib/join-state';
import { useNow } from '../../../lib/use-now';
import { formatDateTime } from '../../../lib/dates';
import { ClinicalDocumentsPanel } from './clinical-documents-panel';
import { DoctorCancelDialog } from './doctor-cancel-dialog';
import { FollowUpPanel } from './follow-up-panel';
import { DependantNote } from './dependant-note';
import { GuestLabel } from './guest-label';
import { JoinControl } from './join-control';
import { NotesEditor } from './notes-editor';
import { OutcomeActions } from './outcome-actions';
import { DeclineRequestDialog } from './decline-request-dialog';
import { PrescriptionRequestPanel } from './prescription-request-panel';
import { PatientChartPanel } from './patient-chart-panel';
import { PlanLabel } from './plan-label';
import { ScheduleStatus } from './schedule-status';
import { ShareDocumentForm } from './share-document-form';

const RECOMPUTE_MS = 60_000;

function DocumentsPanel({ appointmentId, canShare }: { appointmentId: string; canShare: boolean }) {
  const { t } = useTranslation('doctor');
  const documents = useAppointmentDocuments(appointmentId);
  return (
    <Card>
      <section aria-labelledby="appointment-documents" className="space-y-4">
        <h2 id="appointment-documents" className="text-lg font-semibold text-slate-900">
          {t('documents.heading')}
        </h2>
        <AppointmentDocuments appointmentId={appointmentId} />
        {canShare && (
          <ShareDocumentForm appointmentId={appointmentId} documents={documents.data ?? []} />
        )}
      </section>
    </Card>
  );
}

/**
 * A person without an account (issue #12): no profile to open; while the consultation can still
 * be joined, a new link can be sent (the first went astray, or they change device).
 */
function GuestPanel({ appointmentId, canResend }: { appointmentId: string; canResend: boolean }) {
  const { t } = useTranslation('doctor');
  return (
    <Card>
      <section aria-labelledby="guest-invitation" className="space-y-3">
        <h2 id="guest-invitation" className="text-lg font-semibold text-slate-900">
          {t('guest.panel.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('guest.panel.text')}</p>
        {canResend && <ResendGuestLink appointmentId={appointmentId} />}
      </section>
    </Card>
  );
}

/**
 * /doctor/appointments/:id — one consultation from the doctor's side: who and why, the patient's
 * profile on request, notes and the summary, the outcome, documents, and Join or Cancel. A
 * prescription request (issue #21) shows what was asked, and is answered with a prescription in
 * the documents' panel or declined; it has no call, no outcome and no follow-up to propose.
 */
export function DoctorAppointmentPage() {
  const { t } = useTranslation('doctor');
  const personName = usePersonName();
  const { t: tAppointments } = useTranslation('appointments');
  const { id = '' } = useParams();
  const now = useNow(RECOMPUTE_MS);
  const appointment = useAppointment(id);
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [declined, setDeclined] = useState(false);

  const back = (
    <Link to="/doctor" className="text-sm font-medium text-teal-800 underline">
      {t('appointment.back')}
    </Link>
  );
  if (appointment.isError)
    return (
      <div className="space-y-4">
        {back}
        <Alert tone="error">{t('appointment.error')}</Alert>
      </div>
    );
  if (!appointment.data) return <LoadingState label={t('appointment.loading')} />;

  const a = appointment.data;
  const isRequest = a.plan === 'prescription';
  const start = new Date(a.startsAt).getTime();
  const opened = now.getTime() >= start - JOIN_OPENS_BEFORE_MS;
  const started = now.getTime() >= start;
  // The server says the same (409 cancelTooLate): from the start on, an outcome (ADR 0012).
  // A request is declined instead (with its own refusal of an answered one).
  const mayCancel =
    !isRequest && doctorMayCancel({ status: a.status, startsAt: new Date(a.startsAt) }, now);
  const name = personName(a.patient?.name);
  const live = a.status !== 'cancelled';
  const guest = a.patient?.guest === true;
  const mayDecline = isRequest && a.status === 'upcoming';
  const title = isRequest ? t('requests.page.title', { name }) : t('appointment.title', { name });
  const ownReason =
    a.cancelReason === SLOT_LOST_CANCEL_REASON
      ? tAppointments('card.slotLost')
      : a.cancelReason === REQUEST_LAPSED_CANCEL_REASON
        ? tAppointments('card.request.lapsed')
        : a.cancelReason;
  const entry = {
    ...a,
    endsAt: a.startsAt,
    patient: a.patient ?? { _id: a.patientId, name },
    hasNotes: false,
    // The room's activity is on the schedule (the console polls it); not needed to join.
    room: null,
  };

  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-800">
            {isRequest ? (
              <time dateTime={a.startsAt}>
                {t('requests.requestedAt', { when: formatDateTime(a.startsAt) ?? a.startsAt })}
              </time>
            ) : (
              <AppointmentWhen date={a.date} slot={a.slot} />
            )}{' '}
            · <PlanLabel plan={a.plan} />
          </p>
          <DependantNote dependant={a.patient?.dependant} className="mt-1" />
          <div className="mt-2 flex flex-wrap gap-2">
            <ScheduleStatus status={a.status} />
            {guest && <GuestLabel />}
          </div>
          {a.reason && !isRequest && (
            <p className="mt-2 text-sm break-words text-slate-700">
              <span className="font-medium">{t('appointment.reason')}:</span> {a.reason}
            </p>
          )}
          {a.status === 'cancelled' && a.cancelReason && (
            <p className="mt-2 text-sm break-words text-red-800">
              {t(
                a.cancelledBy === 'doctor'
                  ? 'appointment.cancelledByDoctor'
                  : a.cancelledBy === 'clinic'
                    ? 'appointment.cancelledByClinic'
                    : 'appointment.cancelledByPatient',
                { reason: ownReason },
              )}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <JoinControl entry={entry} now={now} />
          {mayCancel && (
            <Button variant="secondary" onClick={() => setCancelling(true)}>
              {t('cancel.button')}
            </Button>
          )}
          {mayDecline && (
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              {t('requests.declineButton')}
            </Button>
          )}
        </div>
      </div>
      {a.status === 'upcoming' && !isRequest && !mayCancel && (
        <p className="text-sm text-slate-700">{t('cancel.started')}</p>
      )}
      {cancelled && <Alert tone="success">{t('cancel.done')}</Alert>}
      {declined && <Alert tone="success">{t('requests.decline.done')}</Alert>}
      {isRequest && <PrescriptionRequestPanel appointment={a} now={now} />}
      {guest && (
        <GuestPanel
          appointmentId={a._id}
          canResend={a.status === 'upcoming' && !joinStateAt(a, now).hasPassed}
        />
      )}
      {live && !guest && <PatientChartPanel appointmentId={a._id} />}
      {live && <NotesEditor appointmentId={a._id} opened={opened} />}
      {/* A request is completed by its prescription, or declined: no outcome, no follow-up. */}
      {live && !isRequest && <OutcomeActions appointment={a} started={started} />}
      {/* A guest has no account to answer a proposal with (ADR 0028). */}
      {live && !guest && !isRequest && <FollowUpPanel appointment={a} now={now} />}
      {live && <DocumentsPanel appointmentId={a._id} canShare={opened} />}
      {live && <ClinicalDocumentsPanel appointment={a} now={now} />}
      {live && !guest && <AppointmentMessagesPanel appointmentId={a._id} />}
      {declining && (
        <DeclineRequestDialog
          appointmentId={a._id}
          patientName={name}
          onClose={() => setDeclining(false)}
          onDeclined={() => {
            setDeclining(false);
            setDeclined(true);
          }}
        />
      )}
      {cancelling && (
        <DoctorCancelDialog
          appointmentId={a._id}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            setCancelled(true);
          }}
        />
      )}
    </div>
  );
}
