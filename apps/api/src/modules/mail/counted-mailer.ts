import type { Mailer } from './mailer.ts';

/**
 * Counts every mail the transport refused (an SMTP server down, a TLS refusal) for the metrics
 * (ADR 0030). The error still reaches the sender: the mail's job retries it, and each failed
 * attempt counts once.
 */
export function withFailureCount(mailer: Mailer, failures: { inc: () => void }): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        failures.inc();
        throw error;
      }
    },
  };
}
