/** A unique-index violation (SQLSTATE 23505), also when drizzle wraps the driver's error. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' ||
    isUniqueViolation((e as { cause?: unknown }).cause));

/** The SQLSTATE of an error, also when drizzle wraps the driver's error in its own. */
const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null
    ? (((e as { code?: unknown }).code as string | undefined) ??
      sqlState((e as { cause?: unknown }).cause))
    : undefined;

/**
 * Text PostgreSQL refuses to store: U+0000 (22021 character_not_in_repertoire) or a character the
 * database's encoding lacks (22P05 untranslatable_character). The contracts refuse such text
 * (domain/safe-text.ts); this is what the error handler answers 400 for when some path did not.
 */
export const isTextRefusedByPostgres = (e: unknown): boolean => {
  const code = sqlState(e);
  return code === '22021' || code === '22P05';
};
