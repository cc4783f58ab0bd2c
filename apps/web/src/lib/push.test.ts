import { pushCalls, usersCalls } from '@dental/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSubscription, disablePush, enablePush, fetchPushKey, forgetPushOnLogout, keyBytes, pushSupported } from './push';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('./api', () => ({ callApi }));

/** A stand-in for the browser's push machinery: one service worker registration with a PushManager. */
function fakeBrowser(permission: NotificationPermission = 'granted') {
  let current: { endpoint: string; toJSON: () => object; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
  const makeSubscription = (endpoint: string) => {
    const s = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: vi.fn(async () => {
        if (current === s) current = null;
        return true;
      }),
    };
    return s;
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = makeSubscription(`https://push.example/${Math.random()}`))),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission), permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  return { pushManager, setCurrent: (endpoint: string) => (current = makeSubscription(endpoint)), get current() { return current; } };
}

beforeEach(() => {
  callApi.mockReset();
  callApi.mockResolvedValue({ ok: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('lib/push', () => {
  it('is unsupported without a PushManager, and then does nothing', async () => {
    expect(pushSupported()).toBe(false);
    expect(await currentSubscription()).toBeNull();
    expect(await enablePush('key')).toBe('unsupported');
    await disablePush();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('turns the base64url key into its bytes', () => {
    expect(Array.from(keyBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });

  it('reads the public key from Auth/GetPushKey', async () => {
    callApi.mockResolvedValue({ publicKey: 'abc' });
    expect(await fetchPushKey()).toBe('abc');
    expect(callApi).toHaveBeenCalledWith(pushCalls.getPushKey, {}, { silent: true });
  });

  it('subscribes with the key and stores the subscription through User/PostFCMToken', async () => {
    const browser = fakeBrowser('granted');
    expect(pushSupported()).toBe(true);
    expect(await enablePush('AQID')).toBe('enabled');
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([1, 2, 3]);
    const stored = JSON.stringify(browser.current);
    expect(JSON.parse(stored)).toMatchObject({ endpoint: browser.current!.endpoint, keys: { p256dh: 'p', auth: 'a' } });
    expect(callApi).toHaveBeenCalledWith(usersCalls.postFcmToken, { fcmtoken: stored }, { silent: true });
  });

  it('replaces an older subscription, and stops when the user refuses permission', async () => {
    const browser = fakeBrowser('granted');
    const old = browser.setCurrent('https://push.example/old');
    await enablePush('AQID');
    expect(old.unsubscribe).toHaveBeenCalled();
    const refused = fakeBrowser('denied');
    expect(await enablePush('AQID')).toBe('denied');
    expect(refused.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('unsubscribes and forgets the subscription through User/DeleteFCMToken', async () => {
    const browser = fakeBrowser();
    const s = browser.setCurrent('https://push.example/1');
    const token = JSON.stringify(s);
    await disablePush();
    expect(s.unsubscribe).toHaveBeenCalled();
    expect(callApi).toHaveBeenCalledWith(usersCalls.deleteFcmToken, { fcmtoken: token }, { silent: true });
    expect(await currentSubscription()).toBeNull();
  });

  it('on logout never throws and never waits long', async () => {
    const browser = fakeBrowser();
    browser.setCurrent('https://push.example/1');
    callApi.mockRejectedValue(new Error('offline'));
    await expect(forgetPushOnLogout()).resolves.toBeUndefined();
    browser.setCurrent('https://push.example/2');
    callApi.mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    await forgetPushOnLogout(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
