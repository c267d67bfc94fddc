import { join, resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { applyMigrations } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { seedDemoDoctors } from './modules/admin/demo-doctors.ts';
import { createAdminService } from './modules/admin/service.ts';
import { parseSigningKey } from './lib/document-signing.ts';
import { parseStoredEncryptionKey } from './lib/field-encryption.ts';
import { readOrCreateSecret } from './lib/local-secret.ts';
import { describeError } from './lib/log-errors.ts';

// Process entry: config → database → buildApp → listen → graceful shutdown.

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`Starting embedded PostgreSQL (data in ${resolve(config.dataDir, 'postgres')}) …`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: say,
      // The server binds its own ports after the database has started.
      portsInUse: [config.port, ...(config.metrics.internal ? [config.metrics.internal.port] : [])],
    });
    databaseUrl = embedded.url;
  }
  await applyMigrations(databaseUrl);
  const database = createDatabase(databaseUrl);
  if (config.seedDemoData) {
    const seeded = await seedDemoDoctors(database.db, createAdminService(database.db));
    if (seeded.length > 0) {
      say('\nDemo doctors created (sign in with these; the password is the same for all):');
      for (const d of seeded)
        say(`  ${d.name.padEnd(24)} ${d.email.padEnd(36)} ${d.password}   ${d.timeZone}`);
    }
  }
  const jwtSecret =
    config.jwtSecret ?? readOrCreateSecret(join(resolve(config.dataDir), 'jwt.secret'));
  const keyFile = join(resolve(config.dataDir), 'data-encryption.key');
  const dataEncryptionKey =
    config.dataEncryptionKey ?? parseStoredEncryptionKey(readOrCreateSecret(keyFile), keyFile);
  const documentSigningKey =
    config.documentSigningKey ??
    parseSigningKey(
      readOrCreateSecret(join(resolve(config.dataDir), 'document-signing.key')),
      '$DATA_DIR/document-signing.key',
    );
  const app = await buildApp({
    config,
    database,
    databaseUrl,
    jwtSecret,
    dataEncryptionKey,
    documentSigningKey,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A second Ctrl-C or a stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  say(`\nVizita is running at ${config.appUrl}\n`);
  const metricsAt = await app.metricsListener.listen();
  if (metricsAt) say(`Prometheus metrics at ${metricsAt}/metrics (METRICS_PORT)\n`);
  if (config.devTools)
    say(
      'Development tools are on (the mail outbox at /dev/mail, test payments, demo doctors): the\n' +
        `server listens on ${config.host} only. With HOST set to a network address they are off.\n`,
    );
  else if (config.isProduction) {
    // The demo deployment's two choices (ADR 0029), said at every start so nobody forgets them.
    if (config.payments.provider === 'local')
      say('Payments: the local test provider (ALLOW_LOCAL_PAYMENTS=true): test cards pay.\n');
    if (config.mailMode === 'outbox')
      say(
        'Mail: outbox only (MAIL_MODE=outbox); mails stay in the mail_outbox table, none is sent.\n',
      );
  } else
    say(
      `Development tools are off: HOST=${config.host} can be reached from the network, so there is\n` +
        'no /dev/mail, no test-payment shortcut and no demo doctors with a published password.\n',
    );
}

main().catch((error: unknown) => {
  // Not the raw message: a failed query's carries its values (a demo doctor's password hash …).
  process.stderr.write(`${describeError(error)}\n`);
  process.exit(1);
});
