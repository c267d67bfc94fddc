import { isApiError } from '../../../lib/api-client';

/** A rule broken by a change, by where it sits (`ranges.1.end`, `date`) and its validation key. */
export type FieldProblem = { path: string; key: string };

/**
 * The field errors of a refused change (`errors: [{ path, code }]` of a 400), so the form can
 * show the server's verdict where the doctor typed, as it shows its own.
 */
export function serverProblems(error: unknown): FieldProblem[] {
  if (!isApiError(error) || error.statusCode !== 400) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    const { path, code } = (e ?? {}) as { path?: unknown; code?: unknown };
    return typeof path === 'string' && typeof code === 'string' ? [{ path, key: code }] : [];
  });
}

/** Schema issues (`path` as an array) in the same form as the server's. */
export const issueProblems = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) => issues.map((i) => ({ path: i.path.map(String).join('.'), key: i.message }));
