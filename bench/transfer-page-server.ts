import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Serves `file-transfer-page.ts`, bundled, on 127.0.0.1 — a secure context, as crypto.subtle (the
 * SHA-256) needs — for the transfer benchmarks: two peer connections in one page over loopback,
 * or one in each of two pages (two browsers).
 */
export async function serveTransferPage(): Promise<{ url: string; close: () => void }> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('file-transfer-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    // The two-page mode runs it in Debian's Firefox ESR too.
    target: ['chrome120', 'firefox128'],
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((request, response) => {
    if (request.url === '/bench.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><script type="module" src="/bench.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
