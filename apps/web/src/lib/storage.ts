/** localStorage access that never throws (private mode, quota, disabled storage). */
export const STORAGE_KEYS = {
  session: 'dentix.session',
  language: 'dentix.language',
  theme: 'dentix.theme',
  starred: 'dentix.starred',
  lastActivity: 'dentix.lastActivity',
  lastClinic: 'dentix.lastClinic',
} as const;

export function readStored<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

/** A tiny reactive value backed by localStorage, for useSyncExternalStore. */
export function createStoredValue<T>(
  key: string,
  fallback: T,
  accept: (v: unknown) => v is T = (v): v is T => v !== null,
) {
  const load = (): T => {
    const v = readStored<unknown>(key);
    return accept(v) ? v : fallback;
  };
  let current = load();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) {
        current = load();
        emit();
      }
    });
  }
  return {
    get: () => current,
    set(value: T) {
      current = value;
      writeStored(key, value);
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
