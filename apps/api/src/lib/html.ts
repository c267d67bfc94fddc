/** Text made safe for HTML content and double- or single-quoted attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Markup already made safe: `html` puts it in as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Interpolation =
  SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

function part(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(part).join('');
  return escapeHtml(String(value));
}

/**
 * A template of server-rendered markup whose every interpolated value is escaped unless it is
 * itself `html` (a nested fragment) — so a doctor's bio or a city typed into the admin's form can
 * never become markup. Lists are joined; null, undefined and false leave nothing.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += part(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` is escaped, so no value (a bio that
 * says "</script>") can end the block early.
 */
export const jsonForScript = (value: unknown) =>
  new SafeHtml(JSON.stringify(value).replace(/</g, '\\u003c'));
