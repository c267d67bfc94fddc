import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../src/db/schema.ts';
import { createTestApp, PRODUCTION_ENV, STRONG_PASSWORD, type TestApp } from './test-app.ts';

// The SMTP adapter against a real SMTP server (smtp-server) on loopback.
let server: SMTPServer;
let port: number;
const received: { to: string; subject: string; text: string; html: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo[0]!.address,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Vizita <hello@vizita.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP delivery', () => {
  it('sends the validation mail in German with text and HTML parts over SMTP, not to the outbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      headers: { 'accept-language': 'de-DE' },
      payload: {
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas@example.de',
        password: STRONG_PASSWORD,
        termsAccepted: true,
      },
    });
    expect(res.statusCode).toBe(201);
    // Sent after the answer (no timing tells whether the account is new).
    await t.app.backgroundWork.settled();
    const mail = received.find((m) => m.to === 'jonas@example.de')!;
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Vizita');
    expect(mail.text).toContain('Guten Tag,');
    expect(mail.text).toMatch(/http:\/\/vizita\.test\/validate-email\?token=/);
    expect(mail.html).toContain('href="http://vizita.test/validate-email?token=');
    expect(await t.mails()).toHaveLength(0);
    expect((await t.app.inject('/dev/mail')).statusCode).toBe(404);
  });
});

describe('SMTP in production', () => {
  it('sends nothing over a connection without TLS', async () => {
    const prod = await createTestApp({
      env: { ...PRODUCTION_ENV, MAIL_MODE: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        payload: {
          firstName: 'Lea',
          lastName: 'Klein',
          email: 'lea@example.de',
          password: STRONG_PASSWORD,
          termsAccepted: true,
        },
      });
      expect(res.statusCode).toBe(201);
      await prod.app.backgroundWork.settled();
      // The sink offers no STARTTLS: the mail is refused, not sent in clear text, and retried.
      expect(received.find((m) => m.to === 'lea@example.de')).toBeUndefined();
      const [job] = await prod.db.select().from(jobs).where(eq(jobs.kind, 'account_mail'));
      expect(job!.lastError).toMatch(/STARTTLS/i);
      expect(job!.doneAt).toBeNull();
    } finally {
      await prod.close();
    }
  });
});
