const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `new Intl.DateTimeFormat(locale, options)`, made once per locale and options: making one costs
 * far more than using it, and a page of appointments or slots formats hundreds of times as it
 * renders — main-thread time a phone feels (ADR 0048).
 */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
