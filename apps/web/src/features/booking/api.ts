import { bookingCalls } from '@dental/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useCallMutation } from 'lib/query';

/**
 * The booking page's calls. All are public and silent: the page shows each refusal itself (translated), in
 * place, rather than as a toast; a refused read is not retried (a 404 clinic stays a 404).
 */
export const useBookingInfo = (clinicName: string) =>
  useCall(bookingCalls.getBookingInfo, { clinicName }, { silent: true, retry: false });

export const useBookingDays = (clinicName: string, branchId: number | undefined, from: string | undefined) =>
  useCall(
    bookingCalls.getBookingDays,
    { clinicName, branchId: branchId ?? 0, from },
    { silent: true, retry: false, enabled: !!branchId, placeholderData: keepPreviousData },
  );

export const useFreeSlots = (clinicName: string, branchId: number | undefined, date: string | undefined) =>
  useCall(
    bookingCalls.getFreeSlots,
    { clinicName, branchId: branchId ?? 0, date: date ?? '' },
    { silent: true, retry: false, enabled: !!branchId && !!date },
  );

export const useBook = () => useCallMutation(bookingCalls.book, { silent: true });
