import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLanguage, i18n, languageLoaded } from 'lib/i18n';
import { forgetWarmUp, importWhenOnline, preloadWithShell, warmUpForOffline } from './offline-ready';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('a split first load stays safe offline (issue 18)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetWarmUp();
    delete document.documentElement.dataset.offlineReady;
  });

  it('a chunk that fails offline is fetched again when the connection returns', async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('ok');
    const loaded = importWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    let settled = false;
    void loaded.finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // waiting for the connection, not failing
    setOnline(true);
    await expect(loaded).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a chunk that fails online is a real failure (a new version replaced the files)', async () => {
    setOnline(true);
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await expect(importWhenOnline(load)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once shown, the page fetches every string of its language and the shell chunks; offline, again when back', async () => {
    forgetLanguage('ar');
    await i18n.changeLanguage('ar');
    const chunk = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({});
    preloadWithShell(chunk);
    setOnline(false);
    const warm = warmUpForOffline();
    await vi.waitFor(() => expect(chunk).toHaveBeenCalledTimes(1));
    expect(document.documentElement.dataset.offlineReady).toBeUndefined();
    setOnline(true);
    await warm;
    expect(chunk).toHaveBeenCalledTimes(2);
    expect(languageLoaded('ar')).toBe(true);
    expect(document.documentElement.dataset.offlineReady).toBe('true');
    expect(warmUpForOffline()).toBe(warm); // once per page load
  });
});
