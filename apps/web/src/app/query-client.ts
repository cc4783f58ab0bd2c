import { QueryClient } from '@tanstack/react-query';
import { ApiError } from 'lib/api';

/** Retry only failures without an answer (network); a refusal from the server will not change on retry. */
const retry = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof ApiError && error.status === 0 && error.code !== 'no_internet';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
