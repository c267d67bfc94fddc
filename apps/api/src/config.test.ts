import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/test-app.ts';
import { loadConfig } from './config.ts';

// What production requires besides the choices tested here (secrets, the clinic's data): the
// test apps' production environment without its two escapes, which these tests set themselves.
const { ALLOW_LOCAL_PAYMENTS: _payments, MAIL_MODE: _mail, ...PRODUCTION_BASE } = PRODUCTION_ENV;
const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const SMTP = { SMTP_URL: 'smtp://mailer:secret@smtp.clinic.test:587' };

/** The configuration error's message, or '' when the environment is accepted. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('production refuses the zero-setup defaults that would harm a clinic', () => {
  it('accepts Stripe and SMTP', () => {
    const config = loadConfig({ ...PRODUCTION_BASE, ...STRIPE, ...SMTP });
    expect(config.payments.provider).toBe('stripe');
    expect(config.mailMode).toBe('smtp');
  });

  it('refuses the local payment provider, by default or by name, and says what to set', () => {
    for (const env of [
      { ...PRODUCTION_BASE, ...SMTP },
      { ...PRODUCTION_BASE, ...SMTP, PAYMENT_PROVIDER: 'local' },
      { ...PRODUCTION_BASE, ...SMTP, PAYMENT_PROVIDER: 'local', ALLOW_LOCAL_PAYMENTS: 'false' },
    ]) {
      const message = refusal(env);
      expect(message).toMatch(/^Invalid configuration:\n {2}PAYMENT_PROVIDER: /);
      expect(message).toContain('PAYMENT_PROVIDER=stripe');
      expect(message).toContain('ALLOW_LOCAL_PAYMENTS=true');
    }
  });

  it('keeps the local provider for a demo deployment that allows it by name', () => {
    const config = loadConfig({ ...PRODUCTION_BASE, ...SMTP, ALLOW_LOCAL_PAYMENTS: 'true' });
    expect(config.payments.provider).toBe('local');
  });

  it('refuses to start without SMTP unless the outbox is chosen', () => {
    const message = refusal({ ...PRODUCTION_BASE, ...STRIPE });
    expect(message).toMatch(/^Invalid configuration:\n {2}SMTP_URL: required in production/);
    expect(message).toContain('MAIL_MODE=outbox');
    expect(loadConfig({ ...PRODUCTION_BASE, ...STRIPE, MAIL_MODE: 'outbox' }).mailMode).toBe(
      'outbox',
    );
  });

  it('lists every problem at once, so one round of fixes is enough', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const variable of ['JWT_SECRET', 'CLINIC_NAME', 'PAYMENT_PROVIDER', 'SMTP_URL'])
      expect(message).toMatch(new RegExp(`^ {2}${variable}: `, 'm'));
  });

  it('refuses Stripe without its keys, in any environment', () => {
    for (const env of [
      { ...PRODUCTION_BASE, ...SMTP, PAYMENT_PROVIDER: 'stripe' },
      { NODE_ENV: 'development', PAYMENT_PROVIDER: 'stripe' },
    ]) {
      expect(refusal(env)).toContain('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is stripe');
      expect(refusal(env)).toContain(
        'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe',
      );
    }
  });

  it('refuses a mail mode that contradicts SMTP_URL', () => {
    expect(refusal({ NODE_ENV: 'development', MAIL_MODE: 'smtp' })).toContain(
      'SMTP_URL: required when MAIL_MODE is smtp',
    );
    expect(refusal({ NODE_ENV: 'development', MAIL_MODE: 'outbox', ...SMTP })).toContain(
      'MAIL_MODE: outbox sends no mail, but SMTP_URL is set too',
    );
  });
});

describe('outside production nothing is required (npm start for a newcomer)', () => {
  it('takes the local provider and the outbox without being told', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.payments.provider).toBe('local');
      expect(config.mailMode).toBe('outbox');
    }
    expect(loadConfig({}).env).toBe('development');
    expect(loadConfig({ ...SMTP }).mailMode).toBe('smtp');
  });
});

describe('DATA_ENCRYPTION_KEY is 32 bytes in the documented encoding, or the server does not start', () => {
  const key = Buffer.from('0123456789abcdef0123456789abcdef');
  it('takes `openssl rand -base64 32` and `openssl rand -hex 32`, in any environment', () => {
    for (const value of [
      key.toString('base64'),
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
    ])
      for (const env of [{ ...PRODUCTION_ENV }, { NODE_ENV: 'development' }])
        expect(loadConfig({ ...env, DATA_ENCRYPTION_KEY: value }).dataEncryptionKey).toEqual(key);
  });

  it('refuses a passphrase or a key of another size, without printing it', () => {
    for (const value of [
      // 43 letters: Buffer's lenient base64 made 32 bytes of them, and they became the AES key.
      'correcthorsebatterystapleonlyforourclinicxy',
      'our clinic passphrase, long enough and secret',
      key.toString('base64url'), // unpadded: a passphrase looks the same
      Buffer.alloc(31, 1).toString('base64'),
      Buffer.alloc(33, 1).toString('base64'),
      key.toString('hex').slice(1),
      `${key.toString('base64')} `.repeat(2),
      'change-me',
    ]) {
      const message = refusal({ ...PRODUCTION_ENV, DATA_ENCRYPTION_KEY: value });
      expect(message, value).toMatch(/^Invalid configuration:\n {2}DATA_ENCRYPTION_KEY: /);
      expect(message).toContain('openssl rand -base64 32');
      expect(message).not.toContain(value.trim());
      expect(refusal({ NODE_ENV: 'development', DATA_ENCRYPTION_KEY: value })).toContain(
        'DATA_ENCRYPTION_KEY: ',
      );
    }
  });
});

describe('production needs an https APP_URL', () => {
  it('refuses none or a plain http one, and says exactly what to set', () => {
    const { APP_URL: _url, ...withoutUrl } = PRODUCTION_ENV;
    for (const env of [
      withoutUrl,
      { ...PRODUCTION_ENV, APP_URL: 'http://vizita.example.org' },
      { ...PRODUCTION_ENV, APP_URL: 'http://vizita.example.org', ALLOW_INSECURE_APP_URL: 'false' },
    ]) {
      const message = refusal(env);
      expect(message).toMatch(/^Invalid configuration:\n {2}APP_URL: /m);
      expect(message).toContain('APP_URL=https://');
      expect(message).toContain('ALLOW_INSECURE_APP_URL=true');
    }
  });

  it('turns on Secure cookies with https, and takes http only when allowed by name', () => {
    expect(loadConfig(PRODUCTION_ENV).secureCookies).toBe(true);
    const demo = loadConfig({
      ...PRODUCTION_ENV,
      APP_URL: 'http://localhost:3000',
      ALLOW_INSECURE_APP_URL: 'true',
    });
    expect(demo).toMatchObject({ appUrl: 'http://localhost:3000', secureCookies: false });
    expect(loadConfig({ NODE_ENV: 'development' }).appUrl).toBe('http://localhost:3000');
  });
});
