import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailPreferencesResponseSchema,
  type EmailPreference,
  type OptionalEmailKind,
} from '@vizita/shared/contracts/notifications';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { notificationKeys } from './get-notifications';

/** GET /api/notifications/preferences — the e-mails of the kinds the reader's role receives. */
export async function getEmailPreferences(): Promise<EmailPreference[]> {
  return emailPreferencesResponseSchema.parse(await authApi.get('/api/notifications/preferences'))
    .data.email;
}

export const emailPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.preferences(), queryFn: getEmailPreferences });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}

export type EmailPreferenceChange = { kind: OptionalEmailKind; email: boolean };

/** PUT /api/notifications/preferences — one kind on or off; answers every kind as it is now. */
export async function updateEmailPreference(
  change: EmailPreferenceChange,
): Promise<EmailPreference[]> {
  return emailPreferencesResponseSchema.parse(
    await authApi.put('/api/notifications/preferences', { email: [change] }),
  ).data.email;
}

export function useUpdateEmailPreference() {
  const queryClient = useQueryClient();
  return useMutationAction(updateEmailPreference, {
    onSuccess: (email) => queryClient.setQueryData(notificationKeys.preferences(), email),
  });
}
