import { eq, ilike, or, sql, type AnyColumn } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The admin's person filter: their id exactly, or part of their name or e-mail. */
export function personMatches(
  person: { id: AnyColumn; firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn },
  text: string,
) {
  if (UUID.test(text)) return eq(person.id, text);
  return or(
    ilike(sql`${person.firstName} || ' ' || ${person.lastName}`, containing(text)),
    ilike(person.email, containing(text)),
  );
}
