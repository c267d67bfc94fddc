import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CallQualitySummary, MeetingRole } from '@vizita/shared/contracts/meetings';
import type { Db } from '../../db/client.ts';
import { meetingEvents } from '../../db/schema.ts';

export type MeetingEventKind = (typeof meetingEvents.$inferInsert)['kind'];

export type MeetingEvent = {
  appointmentId: string;
  kind: MeetingEventKind;
  role: MeetingRole;
  at: Date;
  /** `left`: the connection's last quality summary. */
  quality?: CallQualitySummary | undefined;
};

/** The room's record: joins, the admission, leaves (ADR 0027). */
export function createMeetingEvents(db: Db) {
  return {
    async record({ appointmentId, kind, role, at, quality }: MeetingEvent) {
      await db
        .insert(meetingEvents)
        .values({ appointmentId, kind, role, at, details: quality ? { quality } : null });
    },

    /** Whether the doctor has let the patient in during this consultation (it holds until the end). */
    async isAdmitted(appointmentId: string) {
      const [row] = await db
        .select({ id: meetingEvents.id })
        .from(meetingEvents)
        .where(
          and(eq(meetingEvents.appointmentId, appointmentId), eq(meetingEvents.kind, 'admitted')),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The events of these appointments, oldest first. */
    async list(appointmentIds: string[]) {
      if (appointmentIds.length === 0) return [];
      return db
        .select({
          appointmentId: meetingEvents.appointmentId,
          kind: meetingEvents.kind,
          role: meetingEvents.role,
          at: meetingEvents.at,
          details: meetingEvents.details,
        })
        .from(meetingEvents)
        .where(inArray(meetingEvents.appointmentId, appointmentIds))
        .orderBy(asc(meetingEvents.at));
    },
  };
}
export type MeetingEvents = ReturnType<typeof createMeetingEvents>;
