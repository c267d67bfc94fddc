import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointments, notificationPreferences, notifications, users } from '../../db/schema.ts';
import { doctorAppointmentLink } from './appointment-notices.ts';

// What the notifications module publishes for the erasure of a patient's account (privacy,
// ADR 0025): its table's writes stay with it (STYLE.md §9a).

/**
 * In the erasing transaction, before the patient's appointments go: their own bell and e-mail
 * choices are deleted (the user row stays, so the foreign keys' cascade never fires), and what
 * staff were told about them keeps the time but loses the patient's name: the notifications
 * about their appointments, and any other that names them (a message's, say).
 */
export async function eraseNotificationsOf(tx: Tx, patientId: string) {
  await tx.delete(notifications).where(eq(notifications.userId, patientId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, patientId));
  const [patient] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, patientId));
  const theirs = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.patientId, patientId));
  const links = theirs.flatMap(({ id }) => [doctorAppointmentLink(id), `/doctor/meeting/${id}`]);
  const name = patient ? `${patient.firstName} ${patient.lastName}`.trim() : '';
  if (links.length === 0 && !name) return;
  await tx
    .update(notifications)
    .set({ params: sql`${notifications.params} - 'name'` })
    .where(
      and(
        ne(notifications.userId, patientId),
        or(
          links.length > 0 ? inArray(notifications.link, links) : undefined,
          name ? sql`${notifications.params}->>'name' = ${name}` : undefined,
        ),
      ),
    );
}
