import { THEMES, type Theme } from '@dental/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, createStoredValue } from './storage';

const store = createStoredValue<Theme>(STORAGE_KEYS.theme, 'light', (v): v is Theme =>
  (THEMES as readonly unknown[]).includes(v),
);

export const getTheme = store.get;
/** Light (default) or dark, remembered on this device. */
export const setTheme = (theme: Theme) => store.set(theme);
export const useTheme = (): Theme => useSyncExternalStore(store.subscribe, store.get, store.get);
