import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clinicalDocuments,
  appointmentDocuments,
  auditLog,
  consents,
  consultationNotes,
  dependants,
  followUpProposals,
  jobs,
  localCheckoutSessions,
  mailOutbox,
  messageThreads,
  oneTimeTokens,
  patientProfiles,
  recoveryCodes,
  sessions,
  trustedDevices,
  twoFactor,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../lib/audit.ts';
import { eraseAppointmentsOf, upcomingIdsOf } from '../appointments/erasure.ts';
import type { TwoFactorService } from '../auth/two-factor-service.ts';
import { eraseNotificationsOf } from '../notifications/erasure.ts';

/** What an erased account's e-mail becomes: unique, unreachable, and no longer the person's. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** Cancels one upcoming appointment as its patient would (refund by the policy, doctor told). */
type CancelAsPatient = (
  patientId: string,
  appointmentId: string,
  reason: string,
) => Promise<unknown>;

/**
 * Deleting a patient's account (GDPR Art. 17, ADR 0025), behind the password and the second
 * factor: upcoming appointments are cancelled first, as the patient would cancel them (refunds by
 * the policy, the doctors told); then, in one transaction, everything that identifies the person
 * or says something about their health is deleted. What accounting law keeps — the payment rows
 * (no name in them) and the invoices as issued — stays, pointing at a user row that is now only a
 * pseudonymous id. The e-mail address is free to register again.
 */
export function createAccountErasure(deps: {
  db: Db;
  clock: Clock;
  twoFactor: Pick<TwoFactorService, 'confirmIdentity'>;
  cancelAsPatient: CancelAsPatient;
}) {
  const { db, clock, cancelAsPatient } = deps;

  return {
    async erase(userId: string, input: { password: string; code?: string | undefined }) {
      await deps.twoFactor.confirmIdentity(userId, input.password, input.code);
      const upcoming = await upcomingIdsOf(db, userId);
      for (const { id } of upcoming) {
        try {
          await cancelAsPatient(userId, id, '');
        } catch (error) {
          // One that started meanwhile can no longer be cancelled; it is erased like the past.
          if (!(error instanceof ApiError) || error.statusCode !== 409) throw error;
        }
      }
      const now = clock();
      await db.transaction(async (tx) => {
        // Locked like a booking locks it: no hold can start while the account goes.
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user || user.erasedAt) throw new ApiError(401, 'authRequired');
        const email = user.email;

        // The bell (issue #20): the patient's own goes; the doctors' about them lose the name.
        await eraseNotificationsOf(tx, userId);
        // Appointments: those a payment record points at stay, stripped of every health text;
        // the others go, with their notes and documents (cascade). The kept ones' go here.
        // Prescriptions, sick notes and referrals with their versions (cascade), before the
        // appointments they name (issue #21). Their verification registrations keep only a hash
        // and a signature, and check as "content no longer held" from now on (ADR 0037).
        await tx.delete(clinicalDocuments).where(eq(clinicalDocuments.patientId, userId));
        const keptIds = await eraseAppointmentsOf(tx, userId, now);
        if (keptIds.length > 0) {
          await tx
            .delete(consultationNotes)
            .where(inArray(consultationNotes.appointmentId, keptIds));
          await tx
            .delete(appointmentDocuments)
            .where(inArray(appointmentDocuments.appointmentId, keptIds));
        }

        // Follow-up proposals: the doctor's note is about the patient's health (issue #20).
        await tx.delete(followUpProposals).where(eq(followUpProposals.patientId, userId));
        // Conversations with the practice, with their messages, files and read receipts
        // (cascade): what the patient and the practice wrote about their health (issue #20).
        await tx.delete(messageThreads).where(eq(messageThreads.patientId, userId));
        // Earlier-time alerts and their offers (cascade): the user row stays (pseudonymous), so
        // its ON DELETE CASCADE never fires; an alert for a specialty says what care was sought.
        await tx.delete(waitlistEntries).where(eq(waitlistEntries.patientId, userId));
        await tx.delete(patientProfiles).where(eq(patientProfiles.userId, userId));
        // The people in the account, with their identifiers (issue #22, ADR 0043): the kept
        // appointments lose the link to them (on delete set null), and the invoices keep the
        // names they printed, as for the holder.
        await tx.delete(dependants).where(eq(dependants.holderUserId, userId));
        await tx.delete(consents).where(eq(consents.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId)); // refresh tokens cascade
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
        await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
        await tx
          .delete(localCheckoutSessions)
          .where(eq(localCheckoutSessions.customerEmail, email));
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
        // Account mails waiting for this address. (Attempt counters keyed by it hold only a
        // digest of the key, lib/rate-limiter.ts, and are gone within a day, ADR 0026.)
        await tx.delete(jobs).where(sql`${jobs.payload}->>'email' = ${email}`);
        // The audit log keeps what happened, without where from or the address.
        await tx.delete(auditLog).where(sql`${auditLog.meta}->>'email' = ${email}`);
        await tx
          .update(auditLog)
          .set({ ip: null })
          .where(or(eq(auditLog.userId, userId), eq(auditLog.subjectUserId, userId)));

        await tx
          .update(users)
          .set({
            email: erasedEmail(userId),
            passwordHash: '!erased',
            firstName: '',
            lastName: '',
            emailValidatedAt: null,
            isProfileComplete: false,
            timeZone: null,
            erasedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        await audit(tx, 'account.deleted', {
          subjectUserId: userId,
          meta: { appointmentsCancelled: upcoming.length },
        });
      });
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;
