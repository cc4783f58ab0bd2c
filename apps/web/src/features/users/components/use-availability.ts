import { type CallDescriptor, LIMITS, type usersCalls } from '@dental/contract';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { useCall } from '../../../lib/query';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';
type CheckCall = typeof usersCalls.checkEmail;

/**
 * Live availability of a user name, mobile or e-mail (spec §5): asked 300 ms after typing stops, only for a value
 * that passes its field's rules. `excludeUserId` is the user being edited, whose own value counts as free.
 */
export function useAvailability(
  call: CheckCall & CallDescriptor,
  value: string | undefined,
  { valid, excludeUserId, initial }: { valid: boolean; excludeUserId?: number; initial?: string | null },
): Availability {
  const current = (value ?? '').trim();
  const settled = useDebounced(current, LIMITS.searchDebounceMs);
  const unchanged = initial != null && current.toLowerCase() === initial.toLowerCase();
  const enabled = valid && current !== '' && settled === current && !unchanged;
  const query = useCall(
    call,
    { value: settled, excludeUserId },
    { enabled, silent: true, retry: false, staleTime: 5_000 },
  );
  if (!valid || current === '' || unchanged) return 'idle';
  if (settled !== current || query.isFetching) return 'checking';
  if (!query.data) return 'idle';
  return query.data.available ? 'available' : 'taken';
}
