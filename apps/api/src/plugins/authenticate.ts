import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';
import type { AuthService } from '../modules/auth/service.ts';

/** Who is calling: the session `app.authenticate` verified. */
export type Caller = { userId: string; sessionId: string; restricted: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; the only source of "who is calling" (never the body). */
    auth: Caller | null;
  }
  interface FastifyInstance {
    /** A live session with its second factor (or none due): every signed-in route. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Also a restricted session — a doctor or admin who has still to set up two-factor sign-in
     * (ADR 0023): only the routes that set it up use this one (it signs itself out through
     * /auth/logout, never the account's other sessions).
     */
    authenticateForSetup: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The caller of a route that runs `app.authenticate` (or `authenticateForSetup`), typed without an
 * assertion. It sits beside the hook that sets `request.auth` rather than in lib/: this plugin is
 * the one place that knows when the field is filled. A route that forgot the hook answers 401
 * instead of reading the id of nobody.
 */
export function callerOf(request: Pick<FastifyRequest, 'auth'>): Caller {
  if (!request.auth) throw new ApiError(401, 'authRequired');
  return request.auth;
}

/**
 * Authentication is one hook (STYLE.md §6): routes opt in with `preValidation: app.authenticate`,
 * which runs before the body is validated, so a caller without a token learns nothing of a schema.
 */
export const authenticatePlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('auth', null);
    const identify = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const claims = token ? await auth.authenticate(token) : null;
      if (!claims) throw new ApiError(401, 'authRequired');
      request.auth = claims;
      return claims;
    };
    app.decorate('authenticate', async (request: FastifyRequest) => {
      // Secure by default: a restricted session reaches nothing but the setup.
      if ((await identify(request)).restricted) throw new ApiError(403, 'twoFactorRequired');
    });
    app.decorate('authenticateForSetup', async (request: FastifyRequest) => {
      await identify(request);
    });
  },
  { name: 'authenticate' },
);
