/**
 * The error line under a form control. It is always rendered with one line of height reserved:
 * an error that appears when a field loses focus then moves nothing below it, so a click aimed at
 * the next control (the terms checkbox under "Repeat Password") still lands on it. Being present
 * before its text changes also makes it a live region that screen readers announce reliably.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm text-red-700">
      {error}
    </p>
  );
}

/** An aria-describedby value from ids that may be missing or repeated; undefined when none. */
export function describedByIds(...ids: (string | undefined)[]): string | undefined {
  const unique = [...new Set(ids.flatMap((value) => value?.split(/\s+/).filter(Boolean) ?? []))];
  return unique.length > 0 ? unique.join(' ') : undefined;
}
