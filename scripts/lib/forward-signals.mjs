/**
 * Passes Ctrl-C and `kill` on to child processes exactly once.
 *
 * Under `npm start` a Ctrl-C reaches us twice — from the terminal and again from npm, which
 * forwards signals to its script — and a server that treats a second SIGINT as "stop now" would
 * skip its graceful shutdown (and leave PostgreSQL running). So the children run in their own
 * process group (spawned with `detached: true`, out of the terminal's reach) and we forward the
 * first signal of a burst; a second Ctrl-C more than a second later is forwarded too, so someone
 * who insists still gets through.
 *
 * `stop(signal)` is called with the signal to pass on. Returns a function that removes the handlers.
 */
export function forwardSignals(stop, { signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] } = {}) {
  const DEDUPE_MS = 1000;
  let last = 0;
  const handler = (signal) => {
    const now = Date.now();
    if (now - last < DEDUPE_MS) return;
    last = now;
    // A closed terminal (SIGHUP) means the same as `kill`: shut down cleanly.
    stop(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  };
  for (const signal of signals) process.on(signal, handler);
  return () => {
    for (const signal of signals) process.off(signal, handler);
  };
}

/** Sends `signal` to the process group led by `child` (spawned detached), ignoring a gone group. */
export function signalGroup(child, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has already exited.
  }
}
