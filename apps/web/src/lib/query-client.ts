import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_QUERY_RETRIES = 2;

/** A 4xx will answer the same again; only network and server failures are worth a retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
