import { LOGIN_PATH, navigateTo } from 'lib/navigation';
import { clearSession } from 'lib/session';
import { queryClient } from './query-client';

/** Ends the session: stored data cleared, cached server data dropped, back to login (spec §8). */
export async function logout(to: string = LOGIN_PATH): Promise<void> {
  clearSession({ leaving: true });
  queryClient.clear();
  await navigateTo(to, { replace: true });
}
