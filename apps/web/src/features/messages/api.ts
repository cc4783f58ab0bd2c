import { type CallInput, messagesCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof messagesCalls> = CallInput<(typeof messagesCalls)[K]>;
const keep = { placeholderData: <T,>(prev: T) => prev };

/*
 * Query keys start with the call's controller ('MessageType' or 'Message'); a mutation refreshes its controller,
 * so the list follows a saved template and the outbox follows a retry.
 */

export const useMessageTypes = () => useCall(messagesCalls.getMessageTypes, {});
export const useMessageType = (type: In<'getMessageType'>['type'] | undefined) =>
  useCall(messagesCalls.getMessageType, { type: type ?? 'MT1' }, { enabled: !!type });
/** Field errors (unknown placeholders) go on the form: silent. */
export const useSaveMessageType = () => useCallMutation(messagesCalls.saveMessageType, { silent: true });
export const useUpdateDefaultLang = () => useCallMutation(messagesCalls.updateDefaultLang);

export const useOutbox = (input: In<'getOutbox'>) => useCall(messagesCalls.getOutbox, input, keep);
export const useRetryOutboxMessage = () => useCallMutation(messagesCalls.retryOutboxMessage);

export const usePatientMessaging = (patientId: number | undefined) =>
  useCall(messagesCalls.getPatientMessaging, { patientId: patientId ?? 0 }, { enabled: !!patientId, staleTime: 30_000 });
export const useSetPatientMessaging = () => useCallMutation(messagesCalls.setPatientMessaging);
