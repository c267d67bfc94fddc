import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Paths whose answers no cache may keep unless the route says otherwise. */
const NO_STORE_PREFIXES = ['/auth/', '/api/', '/healthz', '/readyz', '/receipts/', '/checkout/'];

/**
 * Paths that answer JSON or a file, never a page to render (the SPA never answers under them:
 * plugins/spa.ts). The receipts, the checkout and the documentation are pages.
 */
const API_PREFIXES = ['/auth/', '/api/', '/healthz', '/readyz', '/metrics'];

/**
 * What an API answer carries (OWASP's REST Security Cheat Sheet): nothing may run, load or frame
 * it if a browser is ever sent to it, and nothing sniffs it into another type. The page's
 * policies (the permissions policy, the opener and agent-cluster isolation, the referrer policy,
 * a CSP that lets our scripts run) govern documents, and an API answer is none: sent with each of
 * the many calls a page makes, they were two thirds of a health check's bytes and a tenth of its
 * time (issue #13).
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * What the page may use: camera, microphone and screen for the consultation (and Daily's frame
 * when it is the provider), nothing else — no location, payment, USB or sensors.
 */
function permissionsPolicy(frameOrigins: string[]): string {
  const self = ['self', ...frameOrigins.map((o) => `"${o}"`)].join(' ');
  return [
    `camera=(${self})`,
    `microphone=(${self})`,
    `display-capture=(${self})`,
    `fullscreen=(${self})`,
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
  ].join(', ');
}

export type SecurityHeadersOptions = {
  /** Daily's origins, which the page may frame and call when Daily is the video provider. */
  frameOrigins: string[];
  /** HTTPS: HSTS and upgrade-insecure-requests. */
  secure: boolean;
  /** CSP sources for the build's inline scripts (`'sha256-…'`, plugins/spa.ts). */
  scriptSources: string[];
};

function helmetOptions({
  frameOrigins,
  secure,
  scriptSources,
}: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Our files, and the build's own inline scripts by their hashes (plugins/spa.ts).
        scriptSrc: ["'self'", ...scriptSources],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Photos are uploaded and served here; blob: shows a received file before it is saved.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers our own ws:/wss: signalling; no other host is reachable from the page.
        connectSrc: ["'self'", ...frameOrigins],
        frameSrc: ["'self'", ...frameOrigins],
        // default-src says it already; named so that nobody narrowing it breaks the installable
        // app: /sw.js and /manifest.webmanifest are ours (ADR 0046).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain http://localhost an upgrade would break every asset.
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets with these options. They depend on the configuration only, so they are
 * worked out once: @fastify/helmet built helmet's whole middleware chain, parsing the policy
 * again, on every request — a third of what a health check cost (issue #13).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      // Helmet refuses a bad option by throwing or, in older versions, by passing it here.
      if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    },
  );
  return headers;
}

/**
 * Every answer's security headers (a page's: helmet's and the permissions policy; an API
 * answer's: the short set above), its request id, and `no-store` for answers about people: one
 * hook, before the route, so a route can still set its own (a doctor's public photo may be
 * cached).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const { frameOrigins } = options;
    const page = {
      ...securityHeaders(helmetOptions(options)),
      'permissions-policy': permissionsPolicy(frameOrigins),
    };
    const api = apiHeaders(page);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) ? api : page);
      reply.header('x-request-id', request.id);
      // Answers about people (profiles, appointments, health data) are never kept by a browser
      // or a proxy.
      if (NO_STORE_PREFIXES.some((prefix) => request.url.startsWith(prefix)))
        reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);
