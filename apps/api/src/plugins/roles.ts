import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import { findUserById } from '../modules/auth/users.ts';

export type Role = 'patient' | 'doctor' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `preValidation: [app.authenticate, app.requireRole('doctor')]`: the caller's role comes
     * from their account in the database, never from the request. Another role gets 403.
     */
    requireRole: (role: Role) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The role an account acts in: admins by their flag, everyone else by their user type. */
export function roleOf(user: { userType: string; isAdmin: boolean }): Role {
  if (user.isAdmin) return 'admin';
  return user.userType === 'doctor' ? 'doctor' : 'patient';
}

const REFUSAL = {
  patient: 'patientRequired',
  doctor: 'doctorRequired',
  admin: 'adminRequired',
} as const;

/** Three roles, one rule each (ARCHITECTURE.md §4): each route says which one it serves. */
export const rolesPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
      if (!request.auth) throw new ApiError(401, 'authRequired');
      const user = await findUserById(db, request.auth.userId);
      if (!user || user.deactivatedAt) throw new ApiError(401, 'authRequired');
      if (roleOf(user) !== role) throw new ApiError(403, REFUSAL[role]);
    });
  },
  { name: 'roles', dependencies: ['authenticate'] },
);
