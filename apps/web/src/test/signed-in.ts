import type { ActiveUser } from '@dental/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { setLanguage } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import { testUser } from './fixtures';

/**
 * The set-up most component tests share, registered for every test of the file: `fetch` answered by the file's
 * stub, an empty query cache, a signed-in user in branch 3 (a clinic owner unless `user` says otherwise), English
 * strings; the stub removed and the DOM cleaned after each test.
 */
export function signedInWithFetch(fetchStub: (url: string, init?: RequestInit) => Promise<Response>, user?: () => ActiveUser) {
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchStub);
    if (vi.isMockFunction(fetchStub)) fetchStub.mockClear();
    queryClient.clear();
    clearSession();
    setSession({ token: 't', expiredTokenDate: '2999-01-01T00:00:00Z', user: user ? user() : testUser(), branchId: 3 });
    await setLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
