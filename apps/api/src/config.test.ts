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
