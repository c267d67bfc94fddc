import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import type { AcceptConsentsRequest } from '@vizita/shared/contracts/legal';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /auth/consents — accepts the versions shown; `onAccepted` refreshes the session. */
export const useAcceptConsents = (onAccepted: () => Promise<unknown>) =>
  useMutationAction(
    async (body: AcceptConsentsRequest) => {
      messageOnlySchema.parse(await authApi.post('/auth/consents', body));
    },
    { onSuccess: onAccepted },
  );
