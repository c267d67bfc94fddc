import { spawn } from 'node:child_process';

/**
 * Runs a command to completion with the terminal's stdout/stderr and resolves with its exit code
 * (128 + signal number when a signal ended it, as shells report it). stdin is ignored because CI
 * gives us none and nothing we run should ever wait for a prompt.
 */
export function runCommand(command, args, { cwd, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? exitCodeForSignal(signal)));
  });
}

/** The exit status a shell reports for a process ended by `signal`. */
export function exitCodeForSignal(signal) {
  const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return 128 + (signals[signal] ?? 1);
}

/** A failure whose message is meant for the person reading the terminal, without a stack. */
export class StepFailure extends Error {}

/** Runs a command and throws a StepFailure naming `what` when it does not exit with 0. */
export async function runOrFail(what, command, args, options) {
  const code = await runCommand(command, args, options);
  if (code !== 0) {
    throw new StepFailure(
      `${what} failed (\`${[command, ...args].join(' ')}\` exited with ${code}).`,
    );
  }
}
