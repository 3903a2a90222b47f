import { QueryClient } from '@tanstack/react-query';

/** One per browser tab, and one per page rendered on the server (answers are never shared). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A problem answer will not change by asking again at once; a dropped connection might.
        retry: (count, error) => count < 2 && !('status' in (error as object)),
        refetchOnWindowFocus: false,
      },
    },
  });
}
