import { LOCALES } from '@vizita/shared/constants';
import { escapeHtml } from '../../lib/html.ts';
import { pageUrl } from './shell.ts';

/**
 * /sitemap.xml (sitemaps.org 0.9): the directory and every active doctor's page, each in the three
 * languages with its alternates (Google's hreflang in sitemaps). Deactivated doctors are not in
 * it: their pages answer 404.
 */
export function sitemapXml(appUrl: string, slugs: string[]): string {
  const paths = ['/doctors', ...slugs.map((slug) => `/doctors/${slug}`)];
  const entries = paths.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(pageUrl(appUrl, path, l))}"/>`,
      ).join('');
      return `<url><loc>${escapeHtml(pageUrl(appUrl, path, locale))}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(appUrl, path, null))}"/></url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

/** /robots.txt: everything public may be crawled but the app's signed-in and API paths. */
export function robotsTxt(appUrl: string): string {
  return `User-agent: *
Disallow: /api/
Disallow: /auth/
Disallow: /dashboard
Disallow: /doctor/
Disallow: /admin
Disallow: /checkout/
Disallow: /receipts/
Disallow: /guest
Disallow: /book/
Allow: /

Sitemap: ${appUrl}/sitemap.xml
`;
}
