import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type MailAttachment = { filename: string; content: string; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

/** The port every module sends mail through. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/**
 * Real SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587, or smtps:// for TLS
 * from the start). With `requireTls` (production) a server that does not offer STARTTLS gets no
 * mail at all: reset links and health appointments never cross the network in clear text.
 */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  { requireTls = false }: { requireTls?: boolean } = {},
): Mailer {
  // nodemailer reads its options from the URL's query when given a URL (and ignores the others).
  const url = new URL(smtpUrl);
  if (requireTls && url.protocol === 'smtp:') url.searchParams.set('requireTLS', 'true');
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Zero-setup mail (`MAIL_MODE=outbox`, or no SMTP_URL outside production): written to the
 * outbox table, readable at /dev/mail where the development tools are on (`viewerUrl`). The log
 * says only that a mail to a domain was written: a mail's links are live credentials (reset,
 * validation, guest links) and its subject can name a doctor or a date, so neither reaches a log.
 */
export function createOutboxMailer(
  db: Db,
  print: (line: string) => void,
  { viewerUrl }: { viewerUrl?: string | undefined } = {},
): Mailer {
  const where = viewerUrl ? `read it at ${viewerUrl}` : 'table mail_outbox';
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
      print(`✉  mail to …@${domainOf(message.to)} written to the outbox (${where})`);
    },
  };
}

/** The part of an address after its last "@": enough to tell mails apart, naming nobody. */
function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '?' : address.slice(at + 1).replace(/[>\s].*$/, '');
}

/** The links a mail asks to follow (the legal pages every mail ends with are not among them). */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)]
    .map((m) => m[0])
    .filter((link) => !/\/legal\/\w+$/.test(link));
}

export async function listOutbox(db: Db, limit = 50) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    links: extractLinks(r.text),
  }));
}
