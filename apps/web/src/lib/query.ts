import type { CallDescriptor, CallInput, CallOutput } from '@dental/contract';
import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, type CallOptions, callApi } from './api';

/** The query key of a call: [controller, action, input]; invalidating [controller] refreshes the whole module. */
export const callKey = <D extends CallDescriptor>(d: D, input: CallInput<D>): QueryKey => [
  d.controller,
  d.action,
  input,
];

type QueryExtras<D extends CallDescriptor> = Omit<
  UseQueryOptions<CallOutput<D>, ApiError, CallOutput<D>, QueryKey>,
  'queryKey' | 'queryFn'
> & Pick<CallOptions, 'silent' | 'stay'>;

/** Query options of a call, for useQuery, prefetchQuery, ensureQueryData or route loaders. */
export function callQuery<D extends CallDescriptor>(d: D, input: CallInput<D>, options?: QueryExtras<D>) {
  const { silent, stay, ...rest } = options ?? {};
  return queryOptions<CallOutput<D>, ApiError, CallOutput<D>, QueryKey>({
    queryKey: callKey(d, input),
    queryFn: ({ signal }) => callApi(d, input, { signal, silent, stay }),
    ...rest,
  });
}

/** Reads a call with TanStack Query. */
export function useCall<D extends CallDescriptor>(d: D, input: CallInput<D>, options?: QueryExtras<D>) {
  return useQuery(callQuery(d, input, options));
}

type MutationExtras<D extends CallDescriptor, C> = Omit<
  UseMutationOptions<CallOutput<D>, ApiError, CallInput<D>, C>,
  'mutationFn'
> & { silent?: boolean };

/** Writes with a call; on success every query of the same controller is invalidated, then options.onSuccess runs. */
export function useCallMutation<D extends CallDescriptor, C = unknown>(d: D, options?: MutationExtras<D, C>) {
  const queryClient = useQueryClient();
  const { silent, onSuccess, ...rest } = options ?? {};
  return useMutation<CallOutput<D>, ApiError, CallInput<D>, C>({
    mutationFn: (input) => callApi(d, input, { silent }),
    ...rest,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: [d.controller] });
      return onSuccess?.(...args);
    },
  });
}
