import { LOGIN_DEVICE_LABEL } from '@vizita/shared/constants';
import { sessionResponseSchema, type Session } from '@vizita/shared/contracts/auth';
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

/** POST /auth/login with the fixed device label (spec §7). */
export async function login(input: LoginInput): Promise<Session> {
  const body = await api.post('/auth/login', { ...input, ip: LOGIN_DEVICE_LABEL });
  return sessionResponseSchema.parse(body).data;
}

/** Signs in, then loads the auth status (spec §2, §4); failures are kept on the session. */
async function signIn(input: LoginInput): Promise<SessionState> {
  try {
    startSession(await login(input));
    return await refreshAuthStatus();
  } catch (error) {
    recordLoginError(error);
    throw error;
  }
}

export function useLogin() {
  return useMutationAction(signIn);
}
