import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Whether the search palette is open; opened by Ctrl+K or the header's search button. */
export const setPaletteOpen = (value: boolean) => {
  open = value;
  emit();
};
export const usePaletteOpen = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
