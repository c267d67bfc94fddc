import type { Locale } from '@vizita/shared/constants';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

/** What a mail says, in the order it says it; `layOutMail` writes its text and HTML alike. */
export type MailContent = {
  locale: Locale;
  to: string;
  subject: string;
  /** The greeting and what the mail is about, one paragraph each. */
  paragraphs: string[];
  /** Facts as label and value (a date, a time), as a small table; none when undefined. */
  rows?: [string, string][];
  /** Paragraphs after the facts; a line break in one stays a line break. */
  notes?: string[];
  /** The one thing to do: a button, and in the text the label and the address. */
  action: { label: string; url: string };
  /** The address under the button in small type, for a mail whose link is the point of it. */
  showLink?: boolean;
  /** Small print before the signature. */
  footer?: string;
  signature: string;
};

const BUTTON =
  'display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';
const SMALL = 'font-size:13px;color:#475569';
const LABEL = 'text-align:left;padding:4px 12px 4px 0;color:#475569';

/** One layout for every mail Vizita sends: the text and the HTML carry the same content. */
export function layOutMail(mail: MailContent): Omit<MailMessage, 'attachments'> {
  const text = [
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.rows ? [...mail.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(mail.notes ?? []).flatMap((n) => [n, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    ...(mail.footer ? [mail.footer, ''] : []),
    mail.signature,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${mail.locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">`,
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(mail.rows
      ? [
          `<table role="presentation" style="border-collapse:collapse">${mail.rows
            .map(
              ([k, v]) =>
                `<tr><th style="${LABEL}">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
            )
            .join('')}</table>`,
        ]
      : []),
    ...(mail.notes ?? []).map((n) => `<p>${escapeHtml(n).replaceAll('\n', '<br>')}</p>`),
    `<p><a href="${escapeHtml(mail.action.url)}" style="${BUTTON}">${escapeHtml(mail.action.label)}</a></p>`,
    ...(mail.showLink ? [`<p style="${SMALL}">${escapeHtml(mail.action.url)}</p>`] : []),
    ...(mail.footer ? [`<p style="${SMALL}">${escapeHtml(mail.footer)}</p>`] : []),
    `<p>${escapeHtml(mail.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: mail.to, subject: mail.subject, text, html };
}
