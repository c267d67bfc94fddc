import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withFailureCount } from './counted-mailer.ts';
import { devMailRoutes } from './dev-mail-routes.ts';
import { withLegalFooter } from './legal-footer.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer.ts';

/**
 * The one mailer of every module: SMTP, or the outbox when none is configured (ADR 0029), or the
 * one a test gives. Every mail carries the operator's legal footer, and this one place counts the
 * transport's refusals. In development, the outbox's viewer at /dev/mail.
 */
export async function registerMail(
  app: FastifyInstance,
  {
    config,
    db,
    given,
    failures,
  }: {
    config: Pick<
      Config,
      'mailMode' | 'smtpUrl' | 'mailFrom' | 'isProduction' | 'devTools' | 'appUrl'
    >;
    db: Db;
    /** A test's own transport, instead of the configured one. */
    given: Mailer | undefined;
    failures: { inc: () => void };
  },
) {
  const transport =
    given ??
    (config.mailMode === 'smtp' && config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, { requireTls: config.isProduction })
      : createOutboxMailer(db, (line) => app.log.info(line), {
          viewerUrl: config.devTools ? `${config.appUrl}/dev/mail` : undefined,
        }));
  const mailer = withFailureCount(withLegalFooter(transport, config.appUrl), failures);
  if (config.devTools && mailer.kind === 'outbox') await app.register(devMailRoutes, { db });
  return { mailer };
}
