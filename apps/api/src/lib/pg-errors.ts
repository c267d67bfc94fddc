/** A unique-index violation (SQLSTATE 23505), also when drizzle wraps the driver's error. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' ||
    isUniqueViolation((e as { cause?: unknown }).cause));
