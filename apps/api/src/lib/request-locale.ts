import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vizita/shared/constants';

/** The first supported language of an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q[1]) : 1 };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q);
  const hit = ranked.find((r) => (LOCALES as readonly string[]).includes(r.lang));
  return (hit?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}
