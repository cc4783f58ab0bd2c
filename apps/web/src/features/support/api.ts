import { type CallInput, supportCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof supportCalls> = CallInput<(typeof supportCalls)[K]>;

export const useSupportRequests = (input: In<'getRequests'>) =>
  useCall(supportCalls.getRequests, input, { placeholderData: (prev) => prev });
/** One request; silent, because the page shows "not found" itself. */
export const useSupportRequest = (id: number | undefined) =>
  useCall(supportCalls.getRequest, { id: id ?? 0 }, { enabled: !!id, silent: true, retry: false });
export const useSaveSupportRequest = () => useCallMutation(supportCalls.saveRequest, { silent: true });
export const useVoteForRequest = () => useCallMutation(supportCalls.voteForRequest);
export const useRequestComment = () => useCallMutation(supportCalls.requestComment, { silent: true });
export const useDeleteComment = () => useCallMutation(supportCalls.deleteComment);
export const useSaveContact = () => useCallMutation(supportCalls.saveContact, { silent: true });
