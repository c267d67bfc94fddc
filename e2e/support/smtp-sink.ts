import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

/** One message the server sent, as the recipient's mail client would see it. */
export type SinkMail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attachments as text (a calendar invitation is one), by file name. */
  attachments: { filename: string; contentType: string; text: string }[];
  receivedAt: Date;
};

export type MailQuery = {
  to: string;
  /** A part of the subject, or a pattern it matches. */
  subject?: string | RegExp;
  /** Only a mail with a link to this path (e.g. `/reset-password`) matches. */
  linkPath?: string;
  timeoutMs?: number;
};

export type SmtpSink = {
  url: string;
  messages: SinkMail[];
  waitForMail(query: MailQuery): Promise<SinkMail>;
  /** Waits for a mail to `to` with a link to `path` and returns that link. */
  waitForLink(query: MailQuery & { linkPath: string }): Promise<URL>;
  stop(): Promise<void>;
};

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

/** The first link in the mail's text part (the HTML's links if it has no text) to `path`. */
export function findLink(mail: SinkMail, path: string): URL | undefined {
  const candidates = mail.text
    ? (mail.text.match(URL_IN_TEXT) ?? [])
    : [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  for (const candidate of candidates) {
    try {
      // Prose around a link ("…?token=abc.") ends sentences with punctuation that is not part of it.
      const url = new URL(candidate.replace(/[.,;:!?]+$/, ''));
      if (url.pathname === path) return url;
    } catch {
      // Not a URL after all; look at the next one.
    }
  }
  return undefined;
}

function matches(mail: SinkMail, query: MailQuery): boolean {
  if (!mail.to.includes(query.to.toLowerCase())) return false;
  const { subject, linkPath } = query;
  if (typeof subject === 'string' && !mail.subject.includes(subject)) return false;
  if (subject instanceof RegExp && !subject.test(mail.subject)) return false;
  if (linkPath && !findLink(mail, linkPath)) return false;
  return true;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message in memory, so the journeys read the
 * same mails a patient would (ARCHITECTURE.md §3: `smtp-server` as a real sink in tests).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // The sink offers no TLS: nodemailer would otherwise upgrade to a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              text: a.content.toString('utf8'),
            })),
            receivedAt: new Date(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  async function waitForMail(query: MailQuery): Promise<SinkMail> {
    const deadline = Date.now() + (query.timeoutMs ?? 20_000);
    for (;;) {
      const found = messages.find((mail) => matches(mail, query));
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = messages.map((m) => `  to ${m.to.join(', ')}: ${m.subject}`).join('\n');
        throw new Error(
          `No mail to ${query.to} matching ${JSON.stringify({ ...query, subject: String(query.subject) })}` +
            ` arrived in time. Received:\n${seen || '  (nothing)'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    async waitForLink(query) {
      return findLink(await waitForMail(query), query.linkPath)!;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
