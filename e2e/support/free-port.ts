import { createServer } from 'node:net';

/**
 * Ports this process has handed out. Their users bind them later, some only seconds later (a
 * deployment picks an API port and a metrics port for each instance before starting any), and
 * the OS may give a port just closed here to the very next ask: a server then found its metrics
 * port equal to its main port and refused to start (CI, 2026-11-28). None is handed out twice.
 */
const handedOut = new Set<number>();

function askTheOs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('The OS did not assign a port'));
      });
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it), and new to this process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await askTheOs();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}
