import { QueryClient } from '@tanstack/react-query';
import { ApiError } from 'lib/api';

/** Retry only failures without an answer (network); a refusal from the server will not change on retry. */
const retry = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof ApiError && error.status === 0 && error.code !== 'no_internet';

/**
 * A save runs at once even offline (`networkMode: 'always'`): callApi then refuses it with the translated "no internet
 * connection" notice and the form stays as it was. With react-query's default a save pressed offline waited with a
 * spinner and was sent later when the connection returned, even after the user had cancelled it (issue 18).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false, networkMode: 'always' },
  },
});
