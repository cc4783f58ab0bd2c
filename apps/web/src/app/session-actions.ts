import { LOGIN_PATH, navigateTo } from 'lib/navigation';
import { forgetPushOnLogout } from 'lib/push';
import { clearSession, getSession } from 'lib/session';
import { queryClient } from './query-client';

/** Ends the session: stored data cleared, cached server data dropped, back to login (spec §8). */
export async function logout(to: string = LOGIN_PATH): Promise<void> {
  if (getSession()) await forgetPushOnLogout(); // while the token still works
  clearSession({ leaving: true });
  queryClient.clear();
  await navigateTo(to, { replace: true });
}
