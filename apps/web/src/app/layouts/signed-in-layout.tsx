import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../lib/query-client';
import { RequireAuth } from '../guards';

/**
 * Every signed-in route (one lazily loaded chunk): the query cache of the user's data, then the
 * guard. TanStack Query comes with this chunk, never with the first page (150 KB budget, ADR 0010).
 * The cache is this layout's: leaving the signed-in routes — signing out, a lost session — drops
 * the user's data with it, so the next user of the tab never sees it.
 */
export function SignedInLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth />
    </QueryClientProvider>
  );
}
