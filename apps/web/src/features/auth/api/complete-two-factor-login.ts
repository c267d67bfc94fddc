import { sessionResponseSchema } from '@vizita/shared/contracts/sign-in';
import type { TwoFactorLoginRequest } from '@vizita/shared/contracts/two-factor';
import { api, isApiError } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { refreshAuthStatus, startSession } from '../session-store';

/** POST /auth/login/two-factor, then the auth status (as after a password-only sign-in). */
async function completeTwoFactorLogin(input: TwoFactorLoginRequest) {
  const body = await api.post('/auth/login/two-factor', input);
  startSession(sessionResponseSchema.parse(body).data);
  return refreshAuthStatus();
}

export function useCompleteTwoFactorLogin() {
  return useMutationAction(completeTwoFactorLogin);
}

/** What the code step says of a refusal, as a key of the `security` namespace. */
export function twoFactorLoginErrorKey(error: unknown) {
  if (!isApiError(error)) return 'login.errors.generic' as const;
  if (error.code === 'twoFactorChallengeExpired') return 'login.errors.expired' as const;
  if (error.code === 'tooManyRequests') return 'login.errors.tooMany' as const;
  if (error.code === 'twoFactorCodeWrong') return 'login.errors.wrong' as const;
  return 'login.errors.generic' as const;
}
