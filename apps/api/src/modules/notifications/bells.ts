import type { Db } from '../../db/client.ts';

/**
 * What a running app lends `notify()`, which is given nothing but a transaction: its clock, and
 * what happens once notifications have committed — the readers' pages are told, and the mails
 * queued beside them go out at once. One per database of the process (two test instances in one
 * process each have their own pool, so their own bell).
 */
export type Bell = {
  clock: () => Date;
  committed: (news: { userIds: string[]; mailJobKeys: string[] }) => void;
};

const bells = new WeakMap<Db, Bell>();

/** The notifications plugin lends its bell to every `notify()` on this database. */
export function attachBell(db: Db, bell: Bell) {
  bells.set(db, bell);
}

export const bellOf = (db: Db): Bell | undefined => bells.get(db);
