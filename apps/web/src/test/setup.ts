import { configure } from '@testing-library/react';
import { LANGUAGES } from '@dental/contract';
import { afterEach } from 'vitest';
import { loadAntdLocale } from '../lib/antd-locale';
import { loadLanguage } from '../lib/i18n';

// the app loads one language at a time (lib/i18n.ts); tests switch freely between all three
await Promise.all([...LANGUAGES.map(loadLanguage), ...LANGUAGES.map(loadAntdLocale)]);

// The first render of a lazy layout transforms antd on the fly; give it time on slow machines.
configure({ asyncUtilTimeout: 10_000 });

// antd reads matchMedia (responsive observers); jsdom has none.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd measures elements with ResizeObserver; jsdom has none.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

afterEach(() => {
  localStorage.clear();
});

// Unit tests never reach the network: a shell that mounts the live connection gets a socket that never opens
// (jsdom's own WebSocket would dial ws://localhost:3000). Tests of lib/realtime stub their own fake.
class InertWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: unknown = null;
  onclose: unknown = null;
  onmessage: unknown = null;
  onerror: unknown = null;
  constructor(readonly url: string) {}
  send() {}
  close() {
    this.readyState = 3;
  }
  addEventListener() {}
  removeEventListener() {}
}
(globalThis as unknown as { WebSocket: unknown }).WebSocket = InertWebSocket;
