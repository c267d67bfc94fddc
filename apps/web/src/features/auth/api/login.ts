import { LOGIN_DEVICE_LABEL } from '@vizita/shared/constants';
import { sessionResponseSchema, type Session } from '@vizita/shared/contracts/sign-in';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import {
  recordLoginError,
  refreshAuthStatus,
  startSession,
  type SessionState,
} from '../session-store';

export interface LoginInput {
  email: string;
  password: string;
}

/** A second factor is due: the proof of the password, for the code step (ADR 0023). */
export type LoginChallenge = { challenge: string };

const isChallenge = (body: unknown): body is { data: { challenge: string } } =>
  typeof (body as { data?: { challenge?: unknown } } | null)?.data?.challenge === 'string';

/** POST /auth/login with the fixed device label (spec §7): a session, or a code step first. */
export async function login(input: LoginInput): Promise<Session | LoginChallenge> {
  const body = await api.post('/auth/login', { ...input, ip: LOGIN_DEVICE_LABEL });
  if (isChallenge(body)) return { challenge: body.data.challenge };
  return sessionResponseSchema.parse(body).data;
}

/**
 * Signs in, then loads the auth status (spec §2, §4); failures are kept on the session. With two-
 * factor sign-in on, answers the challenge instead, for the code step.
 */
async function signIn(input: LoginInput): Promise<SessionState | LoginChallenge> {
  try {
    const answer = await login(input);
    if ('challenge' in answer) return answer;
    startSession(answer);
    return await refreshAuthStatus();
  } catch (error) {
    recordLoginError(error);
    throw error;
  }
}

export function useLogin() {
  return useMutationAction(signIn);
}
