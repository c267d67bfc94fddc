import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import * as repo from './repo.ts';

// The auth module owns `users` and `sessions` (STYLE.md §9a). This file is what it publishes for
// guest consultations (ADR 0028): the guest's account, and the sign-in session their link opens.

/** A guest's `users` row can never sign in: no password, an address that is not theirs. */
export const GUEST_PASSWORD_HASH = '!guest';
const guestEmail = (userId: string) => `guest-${userId}@guest.invalid`;

/** A guest: a `users` row of type 'guest' with only the name the doctor typed. Answers its id. */
export async function insertGuest(db: Tx, guest: { firstName: string; locale: string }) {
  const guestId = randomUUID();
  await db.insert(users).values({
    id: guestId,
    email: guestEmail(guestId),
    passwordHash: GUEST_PASSWORD_HASH,
    firstName: guest.firstName,
    lastName: '',
    userType: 'guest',
    locale: guest.locale,
  });
  return guestId;
}

/** The session the guest's link opens in one browser; it ends with the join window. */
export async function startGuestSession(
  db: Tx,
  values: { guestId: string; expiresAt: Date; ip: string; userAgent: string | null },
) {
  const session = await repo.insertSession(db, {
    userId: values.guestId,
    expiresAt: values.expiresAt,
    ip: values.ip,
    userAgent: values.userAgent,
  });
  return session.id;
}

/** Ends the session of a link that was sent again (the browser that opened it is let go). */
export async function endGuestSession(db: Tx, sessionId: string, at: Date) {
  await repo.revokeSession(db, sessionId, 'guest_link_replaced', at);
}
