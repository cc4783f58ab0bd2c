import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOCK_SCREEN_PATH } from 'lib/navigation';
import { setPaletteOpen } from './palette-state';

/** Spec §1 shortcuts when logged in: Ctrl+K opens the search palette, Ctrl+L the lock screen. */
export function useShortcuts() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const key = e.key.toLowerCase();
      if (key === 'k' || e.code === 'KeyK') {
        e.preventDefault();
        setPaletteOpen(true);
      } else if (key === 'l' || e.code === 'KeyL') {
        e.preventDefault();
        setPaletteOpen(false);
        navigate(LOCK_SCREEN_PATH);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
