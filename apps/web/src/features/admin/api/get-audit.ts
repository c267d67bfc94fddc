import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema, type AuditQuery } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { ADMIN_KEY } from './query-keys';

/** GET /api/admin/audit — read only, newest first. */
export const getAudit = async (query: AuditQuery) =>
  auditListResponseSchema.parse(await authApi.get('/api/admin/audit', { query: { ...query } }))
    .data;

export const getAuditQueryOptions = (query: AuditQuery) => ({
  queryKey: [...ADMIN_KEY, 'audit', query] as const,
  queryFn: () => getAudit(query),
});

export const useAudit = (query: AuditQuery) =>
  useQuery({ ...getAuditQueryOptions(query), placeholderData: keepPreviousData });
