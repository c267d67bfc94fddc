import { DEFAULT_LOCALE, type Locale } from '@vizita/shared/constants';
import { LEGAL_PAGES, type LegalPage } from '@vizita/shared/domain/legal';
import type { Mailer } from './mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

const NAMES: Record<Locale, Record<LegalPage, string>> = {
  en: { imprint: 'Imprint', privacy: 'Privacy notice', terms: 'Terms of use' },
  bg: { imprint: 'Данни за доставчика', privacy: 'Поверителност', terms: 'Условия за ползване' },
  de: { imprint: 'Impressum', privacy: 'Datenschutzerklärung', terms: 'Nutzungsbedingungen' },
};

/** The language a mail was written in: every template sets it on <html>. */
function localeOf(html: string): Locale {
  const lang = /<html lang="(\w+)"/.exec(html)?.[1];
  return lang === 'bg' || lang === 'de' || lang === 'en' ? lang : DEFAULT_LOCALE;
}

/**
 * Every mail ends with the links to the imprint, the privacy notice and the terms (a German
 * business mail needs the provider's identity within reach; issue #11), in the mail's language.
 */
export function withLegalFooter(mailer: Mailer, appUrl: string): Mailer {
  return {
    kind: mailer.kind,
    send(message) {
      const names = NAMES[localeOf(message.html)];
      const links = LEGAL_PAGES.map((page) => ({
        name: names[page],
        url: `${appUrl}/legal/${page}`,
      }));
      const text = `${message.text}\n\n--\n${links.map((l) => `${l.name}: ${l.url}`).join('\n')}`;
      const footer = `<p style="font-size:12px;color:#64748b;border-top:1px solid #e2e8f0;padding-top:8px">${links
        .map(
          (l) => `<a href="${escapeHtml(l.url)}" style="color:#64748b">${escapeHtml(l.name)}</a>`,
        )
        .join(' · ')}</p>`;
      const html = message.html.includes('</body>')
        ? message.html.replace('</body>', `${footer}</body>`)
        : `${message.html}${footer}`;
      return mailer.send({ ...message, text, html });
    },
  };
}
