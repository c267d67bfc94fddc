import type {
  ConsultationNotes,
  DoctorScheduleQuery,
  OutcomeRequest,
  PatientChart,
  SaveNotesRequest,
  ScheduleEntry,
} from '@vizita/shared/contracts/doctor-console';
import {
  doctorMaySeePatient,
  notesEditable,
  notesEditableUntil,
  outcomeAllowed,
  PATIENT_DATA_AFTER_START_MS,
} from '@vizita/shared/domain/doctor-access';
import { joinState } from '@vizita/shared/domain/join-window';
import { addDays, zonedDateAndSlot, zonedTimeToUtc } from '@vizita/shared/domain/zoned-time';
import { randomUUID } from 'node:crypto';
import { ageOn, dayIn, MARKET_TIME_ZONES } from '@vizita/shared/domain/guardianship';
import type { Db, Tx } from '../../db/client.ts';
import type { HealthText } from '../appointments/health-text.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { queueAppointmentMail } from '../appointments/appointment-mails.ts';
import { requestDetailsOf } from '../appointments/request-details.ts';
import { lockAppointment, recordOutcome } from '../appointments/rows.ts';
import { audit } from '../../lib/audit.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { ProfileService } from '../profile/service.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import {
  dependantRecord,
  treatedDependant,
  treatedPersons,
  type TreatedPerson,
} from '../family/dependants.ts';
import type { NotesCrypto, NotesField } from './notes-crypto.ts';
import {
  summarizeRoomActivity,
  type RoomActivity,
  type RoomEvent,
  type RoomQuality,
} from '@vizita/shared/domain/room-activity';
import { createMeetingEvents } from '../meetings/meeting-events.ts';
import type { IssuedDocuments } from '../verification/issued-documents.ts';
import { summaryContent } from './summaries.ts';
import * as repo from './repo.ts';

/**
 * The doctor's side of their appointments: the schedule, the patient's profile before the call,
 * notes and the patient's summary, and the outcome. Every call is for the doctor's own
 * appointments; another doctor's id is the same 404 as one that does not exist.
 */
export function createDoctorConsoleService({
  db,
  clock,
  jobs,
  profiles,
  notesCrypto,
  healthText,
  issued,
  encryption,
}: {
  db: Db;
  clock: Clock;
  jobs: JobWorker;
  profiles: ProfileService;
  /** Opens a dependant's identifiers for the doctor of their visit (ADR 0016, 0043). */
  encryption: FieldEncryption;
  notesCrypto: NotesCrypto;
  healthText: HealthText;
  /** Registers each summary for the patient as a visit summary anyone can verify (ADR 0037). */
  issued: IssuedDocuments;
}) {
  const roomEvents = createMeetingEvents(db);

  /** The room activity of these appointments, by id (one query for a whole week). */
  async function activityOf(appointmentIds: string[]) {
    const events = await roomEvents.list(appointmentIds);
    const byId = new Map<string, RoomEvent[]>();
    for (const e of events) {
      const quality = (e.details as { quality?: { quality?: RoomQuality } } | null)?.quality
        ?.quality;
      const list = byId.get(e.appointmentId) ?? [];
      list.push({ kind: e.kind, role: e.role, at: e.at, quality: quality ?? null });
      byId.set(e.appointmentId, list);
    }
    return (id: string) => summarizeRoomActivity(byId.get(id) ?? []);
  }

  function toEntry(
    row: repo.EntryRow,
    now: Date,
    room: RoomActivity | null,
    treated: Map<string, TreatedPerson>,
  ): ScheduleEntry {
    const a = row.appointment;
    const status = a.status as ScheduleEntry['status'];
    const dependant = a.dependantId ? treated.get(a.dependantId) : undefined;
    // Empty for an account the patient deleted (ADR 0025).
    const holderName = `${row.patient.firstName} ${row.patient.lastName}`.trim();
    return {
      _id: a.id,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      timeZone: a.timeZone,
      ...zonedDateAndSlot(a.startsAt, a.timeZone),
      status,
      plan: a.plan,
      reason: healthText.open(a, 'reason'),
      patient: {
        _id: row.patient.id,
        name: dependant ? `${dependant.firstName} ${dependant.lastName}` : holderName,
        // Only a visit for a person in the account says so; the others stay as they were.
        ...(dependant ? { dependant: treatedDependant(dependant, holderName) } : {}),
        guest: row.patient.userType === 'guest',
      },
      cancelledBy: a.cancelledBy,
      cancelReason: healthText.open(a, 'cancelReason'),
      hasNotes: row.hasNotes,
      ...joinState({ startsAt: a.startsAt, now, status, plan: a.plan }),
      room,
      prescriptionRequest: requestDetailsOf(healthText, a),
    };
  }

  async function own(doctorId: string, appointmentId: string) {
    const row = await repo.entryOf(db, doctorId, appointmentId);
    if (!row) throw new ApiError(404, 'appointmentNotFound');
    return row;
  }

  /**
   * A changed summary for the patient is a new visit summary (issue #21 §3): registered and
   * signed for anyone to verify, and the one it replaces revoked as replaced — or as withdrawn
   * when the doctor emptied it.
   */
  async function registerSummary(
    tx: Tx,
    change: {
      notes: Omit<Parameters<typeof summaryContent>[0], 'summary'> & { authorId: string };
      previousNotesId: string | undefined;
      summary: string;
      patientId: string;
    },
  ) {
    const { notes, summary } = change;
    if (change.previousNotesId) {
      const previous = (await issued.registrationsOf(tx, [change.previousNotesId])).get(
        change.previousNotesId,
      );
      if (previous && !previous.revokedAt)
        await issued.revokeDocument(tx, previous.id, {
          userId: notes.authorId,
          reason: summary ? 'Replaced by a corrected version.' : 'Withdrawn by the doctor.',
        });
    }
    if (!summary) return;
    await issued.issueDocument(tx, {
      kind: 'visit-summary',
      sourceId: notes.id,
      patientId: change.patientId,
      doctorId: notes.authorId,
      appointmentId: notes.appointmentId,
      validFrom: issued.clinicDate(notes.createdAt),
      validUntil: null,
      content: summaryContent({ ...notes, summary }),
      issuedAt: notes.createdAt,
    });
  }

  const service = {
    /** The doctor's appointments between two days of their own calendar, inclusive. */
    async schedule(doctorId: string, query: DoctorScheduleQuery) {
      const profile = await findDoctorProfile(db, doctorId);
      const timeZone = profile?.timeZone ?? 'UTC';
      const from = zonedTimeToUtc(query.from, '00:00', timeZone)!;
      const to = zonedTimeToUtc(addDays(query.to, 1), '00:00', timeZone)!;
      const now = clock();
      const rows = await repo.scheduleOf(db, doctorId, from, to);
      const activity = await activityOf(rows.map((row) => row.appointment.id));
      const treated = await treatedPersons(
        db,
        rows.map((row) => row.appointment.dependantId),
        now,
      );
      return {
        timeZone,
        appointments: rows.map((row) => toEntry(row, now, activity(row.appointment.id), treated)),
      };
    },

    /**
     * The patient's health profile for one of the doctor's appointments, inside the data-access
     * window (ADR 0016). Decrypted here, for this doctor only; the read is audited.
     */
    async patientChart(doctorId: string, appointmentId: string, ip: string): Promise<PatientChart> {
      const now = clock();
      const { appointment: a, patient } = await own(doctorId, appointmentId);
      if (!doctorMaySeePatient(a, now)) throw new ApiError(404, 'appointmentNotFound');
      const profile = await profiles.get(a.patientId);
      // A dependant's visit: the doctor reads the dependant's record, and the holder's address.
      const record = a.dependantId
        ? await dependantRecord(db, encryption, a.dependantId)
        : undefined;
      await audit(db, 'patient_profile.read', {
        userId: doctorId,
        // The holder is whose "who saw my data" lists it: they act for the dependant.
        subjectUserId: a.patientId,
        ip,
        meta: {
          appointmentId,
          reason: 'appointment',
          ...(record ? { dependantId: record.id } : {}),
        },
      });
      if (record) {
        const today = dayIn(now, MARKET_TIME_ZONES[record.country]);
        const age = ageOn(record.birthDate, today);
        return {
          patientId: a.patientId,
          firstName: record.firstName,
          lastName: record.lastName,
          birthDate: record.birthDate,
          age,
          gender: record.gender,
          countryCode: record.country,
          city: profile.address?.city ?? null,
          insuranceType: record.insurance?.type ?? null,
          insuranceCompany: record.insurance?.company ?? null,
          insuranceNumber: record.insurance?.number ?? null,
          nationalId: record.nationalId,
          dependant: {
            relationship: record.relationship,
            age,
            guardianName: `${patient.firstName} ${patient.lastName}`.trim(),
          },
          accessUntil: new Date(a.startsAt.getTime() + PATIENT_DATA_AFTER_START_MS).toISOString(),
        };
      }
      return {
        patientId: a.patientId,
        firstName: profile.firstName,
        lastName: profile.lastName,
        birthDate: profile.birthday,
        age: profile.birthday ? ageOn(profile.birthday, now.toISOString().slice(0, 10)) : null,
        gender: profile.gender,
        countryCode: profile.address?.country?.code ?? null,
        city: profile.address?.city ?? null,
        insuranceType: profile.insurance?.type ?? null,
        insuranceCompany: profile.insurance?.company ?? null,
        insuranceNumber: profile.insurance?.number ?? null,
        nationalId: profile.nationalIdNumber,
        dependant: null,
        accessUntil: new Date(a.startsAt.getTime() + PATIENT_DATA_AFTER_START_MS).toISOString(),
      };
    },

    async notes(doctorId: string, appointmentId: string): Promise<ConsultationNotes> {
      const now = clock();
      const { appointment: a } = await own(doctorId, appointmentId);
      if (!doctorMaySeePatient(a, now)) throw new ApiError(404, 'appointmentNotFound');
      const rows = await repo.notesOf(db, appointmentId);
      return {
        versions: rows.map(({ notes, author }) => ({
          version: notes.version,
          privateNotes: notesCrypto.open(
            notes.privateNotesEncrypted,
            appointmentId,
            notes.version,
            'private',
          ),
          summary: notesCrypto.open(
            notes.summaryEncrypted,
            appointmentId,
            notes.version,
            'summary',
          ),
          createdAt: notes.createdAt.toISOString(),
          authorName: author ? `${author.firstName} ${author.lastName}` : null,
        })),
        editable: notesEditable(a, now),
        editableUntil: notesEditableUntil(a.startsAt).toISOString(),
      };
    },

    /**
     * Saves the notes as the next version; earlier versions stay. A text left out keeps the
     * newest version's, and a save that changes nothing adds no version. A changed summary is
     * mailed to the patient (the private notes never leave the doctor's side).
     */
    async saveNotes(
      doctorId: string,
      appointmentId: string,
      input: SaveNotesRequest,
    ): Promise<ConsultationNotes> {
      const now = clock();
      const { appointment: a } = await own(doctorId, appointmentId);
      if (!notesEditable(a, now)) throw new ApiError(409, 'notesLocked');
      const mailKey = await db
        .transaction(async (tx) => {
          const [latest] = await repo.notesOf(tx, appointmentId);
          const previous = (field: NotesField) =>
            latest
              ? notesCrypto.open(
                  field === 'private'
                    ? latest.notes.privateNotesEncrypted
                    : latest.notes.summaryEncrypted,
                  appointmentId,
                  latest.notes.version,
                  field,
                )
              : '';
          const previousPrivate = previous('private');
          const previousSummary = previous('summary');
          const privateNotes = input.privateNotes?.trim() ?? previousPrivate;
          const summary = input.summary?.trim() ?? previousSummary;
          // A second click on Save is not a new entry in the record.
          if (privateNotes === previousPrivate && summary === previousSummary) return undefined;
          const version = (latest?.notes.version ?? 0) + 1;
          const notesId = randomUUID();
          await repo.insertNotes(tx, {
            id: notesId,
            appointmentId,
            authorId: doctorId,
            version,
            privateNotesEncrypted: notesCrypto.seal(
              privateNotes,
              appointmentId,
              version,
              'private',
            ),
            summaryEncrypted: notesCrypto.seal(summary, appointmentId, version, 'summary'),
            createdAt: now,
          });
          if (summary !== previousSummary)
            await registerSummary(tx, {
              notes: { id: notesId, appointmentId, version, authorId: doctorId, createdAt: now },
              previousNotesId: latest?.notes.id,
              summary,
              patientId: a.patientId,
            });
          await audit(tx, 'consultation_notes.saved', {
            userId: doctorId,
            subjectUserId: a.patientId,
            meta: { appointmentId, version, summaryChanged: summary !== previousSummary },
          });
          return summary !== '' && summary !== previousSummary
            ? queueAppointmentMail(tx, 'doctor_summary', appointmentId, now, {
                variant: String(version),
              })
            : undefined;
        })
        .catch((error: unknown) => {
          // Two saves at once would both be the next version: the unique index keeps one.
          if (isUniqueViolation(error)) throw new ApiError(409, 'notesChanged');
          throw error;
        });
      if (mailKey) await jobs.runNow(mailKey);
      return service.notes(doctorId, appointmentId);
    },

    /** Completed or no-show, after the start; the patient is told by mail. */
    async setOutcome(
      doctorId: string,
      appointmentId: string,
      { outcome }: OutcomeRequest,
    ): Promise<ScheduleEntry> {
      const now = clock();
      const mailKey = await db.transaction(async (tx) => {
        const a = await lockAppointment(tx, appointmentId);
        if (
          !a ||
          a.doctorId !== doctorId ||
          !['upcoming', 'completed', 'no_show', 'cancelled'].includes(a.status)
        )
          throw new ApiError(404, 'appointmentNotFound');
        if (a.status === outcome) return undefined;
        // A prescription request is answered (a prescription) or declined, never attended.
        if (a.plan === 'prescription')
          throw new ApiError(409, 'prescriptionRequestTakesPrescription');
        if (!outcomeAllowed(a, now))
          throw new ApiError(409, a.startsAt > now ? 'appointmentNotStarted' : 'outcomeLocked');
        await recordOutcome(tx, a.id, outcome, now);
        await audit(tx, 'appointment.outcome', {
          userId: doctorId,
          subjectUserId: a.patientId,
          meta: { appointmentId, from: a.status, to: outcome },
        });
        return queueAppointmentMail(tx, outcome, appointmentId, now, { variant: outcome });
      });
      if (mailKey) await jobs.runNow(mailKey);
      const activity = await activityOf([appointmentId]);
      const row = await own(doctorId, appointmentId);
      const treated = await treatedPersons(db, [row.appointment.dependantId], now);
      return toEntry(row, now, activity(appointmentId), treated);
    },
  };
  return service;
}
export type DoctorConsoleService = ReturnType<typeof createDoctorConsoleService>;
