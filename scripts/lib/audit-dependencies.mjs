import { spawn } from 'node:child_process';
import { StepFailure } from './run-command.mjs';

// `npm audit` of what production runs (dev tools excluded), failing on a high or critical
// advisory. The advisories come from the registry's audit service: where that service cannot be
// reached (an offline mirror answers 405, a closed network not at all) the check is skipped with
// a line that says so — it cannot judge, so it neither passes nor fails the dependencies.

/** Runs `npm audit --json` and answers its parsed report (or error) and exit code. */
function audit(root, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve({ code, report: JSON.parse(out) });
      } catch {
        resolve({ code, report: undefined });
      }
    });
  });
}

export async function auditDependencies({ root, env = process.env, log = console.log }) {
  const { report } = await audit(root, env);
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message ?? report?.error?.summary ?? report?.error?.code ?? 'no report';
    log(`npm audit skipped: the registry's audit service cannot be reached here (${why}).`);
    return;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  const names = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
    .map(([name, v]) => `${name} (${v.severity})`);
  log(
    `npm audit --omit=dev: ${counts.total ?? 0} advisories, ${serious} high or critical${names.length ? `: ${names.join(', ')}` : ''}.`,
  );
  if (serious > 0)
    throw new StepFailure(
      `Production dependencies have high or critical advisories (${names.join(', ')}); run \`npm audit --omit=dev\` and upgrade them.`,
    );
}
