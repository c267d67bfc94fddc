import { Agent, request } from 'node:https';
import { request as plainRequest } from 'node:http';

export type Answer = {
  status: number;
  /** Header values by lower-case name; a repeated header's values joined by ", ". */
  headers: Record<string, string | string[] | undefined>;
  /** How many times each header came (lower-case name). */
  headerCount(name: string): number;
  text: string;
  json<T = { success?: boolean; data?: unknown; message?: string }>(): T;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** JSON (an object), a form (URLSearchParams) or raw bytes. */
  body?: unknown;
  bearer?: string;
  timeoutMs?: number;
};

export type HttpsClient = {
  /** A request to `path` on the site (through nginx); redirects are answers, not followed. */
  call(path: string, options?: RequestOptions): Promise<Answer>;
  close(): void;
};

function encodeBody(body: unknown): { bytes?: Buffer; type?: string } {
  if (body === undefined) return {};
  if (body instanceof URLSearchParams)
    return { bytes: Buffer.from(body.toString()), type: 'application/x-www-form-urlencoded' };
  if (Buffer.isBuffer(body)) return { bytes: body, type: 'application/octet-stream' };
  return { bytes: Buffer.from(JSON.stringify(body)), type: 'application/json' };
}

/**
 * The client of the simulated patients and of the checks: HTTPS to the test's nginx, trusting
 * only its self-signed certificate (`ca`), with kept-alive connections as a browser has.
 */
export function httpsClient(baseUrl: string, ca: string): HttpsClient {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 64 });
  const call = (path: string, options: RequestOptions = {}) =>
    send(new URL(path, baseUrl), options, agent);
  return { call, close: () => agent.destroy() };
}

/** One plain-HTTP request (the redirect to https is the only thing the test asks port 80). */
export function plainCall(url: string): Promise<Answer> {
  return send(new URL(url), {}, undefined);
}

function send(url: URL, options: RequestOptions, agent: Agent | undefined): Promise<Answer> {
  const { bytes, type } = encodeBody(options.body);
  const headers: Record<string, string> = {
    accept: 'application/json, text/html;q=0.9, */*;q=0.1',
    ...(type ? { 'content-type': type } : {}),
    ...(bytes ? { 'content-length': String(bytes.length) } : {}),
    ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    ...options.headers,
  };
  const make = url.protocol === 'https:' ? request : plainRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = make(
      url,
      { method: options.method ?? 'GET', headers, ...(agent ? { agent } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const names = res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerCount: (name) => names.filter((n) => n === name).length,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`${options.method ?? 'GET'} ${url.pathname}: no answer in time`)),
    );
    req.on('error', reject);
    req.end(bytes);
  });
}
