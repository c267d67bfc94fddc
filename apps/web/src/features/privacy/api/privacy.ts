import { useQuery } from '@tanstack/react-query';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  accessLogResponseSchema,
  dataExportResponseSchema,
  type DeleteAccountRequest,
  fhirExportResponseSchema,
} from '@vizita/shared/contracts/privacy';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** GET /api/privacy/export — everything Vizita holds about the patient (rate-limited, audited). */
export const getDataExport = async () =>
  dataExportResponseSchema.parse(await authApi.get('/api/privacy/export')).data;

export const useDataExport = () => useMutationAction(getDataExport);

/**
 * GET /api/privacy/export?format=fhir — the same record as a FHIR R4 Bundle, for other health
 * apps (issue #21). The same limit of downloads an hour as the data file.
 */
export const getFhirExport = async () =>
  fhirExportResponseSchema.parse(
    await authApi.get('/api/privacy/export', { query: { format: 'fhir' } }),
  ).data;

export const useFhirExport = () => useMutationAction(getFhirExport);

/** GET /api/privacy/access-log — who else read or changed the patient's record. */
export const useAccessLog = () =>
  useQuery({
    queryKey: ['privacy', 'access-log'],
    queryFn: async () =>
      accessLogResponseSchema.parse(await authApi.get('/api/privacy/access-log')).data,
  });

/** POST /api/privacy/delete-account — then `onDeleted` ends the session in this browser. */
export const useDeleteAccount = (onDeleted: () => unknown) =>
  useMutationAction(
    async (body: DeleteAccountRequest) => {
      messageOnlySchema.parse(await authApi.post('/api/privacy/delete-account', body));
    },
    { onSuccess: onDeleted },
  );
