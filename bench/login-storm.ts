// A storm of sign-ins, in a process of its own so that its clients do not slow down the
// measuring one's event loop (bench/run.ts forks it). Two kinds:
// - `polite`: STORM_LOGINS people signing in at once and again, each waiting the Retry-After a
//   503 asks for, as the sign-in page does;
// - `flood`: the same connections sending again at once whatever the answer (autocannon), as a
//   script that ignores Retry-After would.
// Answers its counts on the IPC channel.
import autocannon from 'autocannon';

const [url, email, password, connectionsArg, secondsArg, kind] = process.argv.slice(2);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const body = JSON.stringify({ email, password });
const headers = { 'content-type': 'application/json' };

export type StormCounts = { signedIn: number; busy: number; other: number; errors: number };

async function polite(): Promise<StormCounts> {
  const counts: StormCounts = { signedIn: 0, busy: 0, other: 0, errors: 0 };
  const until = Date.now() + seconds * 1000;
  const person = async () => {
    while (Date.now() < until) {
      try {
        const res = await fetch(`${url}/auth/login`, { method: 'POST', headers, body });
        await res.arrayBuffer();
        if (res.status === 200) counts.signedIn += 1;
        else if (res.status === 503) {
          counts.busy += 1;
          const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
          await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - Date.now())));
        } else counts.other += 1;
      } catch {
        counts.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, person));
  return counts;
}

async function flood(): Promise<StormCounts> {
  const result = await autocannon({
    url: `${url}/auth/login`,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
    timeout: 10,
  });
  const busy = result.statusCodeStats?.['503']?.count ?? 0;
  return { signedIn: result['2xx'], busy, other: result.non2xx - busy, errors: result.errors };
}

const counts = kind === 'flood' ? await flood() : await polite();
process.send?.(counts);
process.exit(0);
