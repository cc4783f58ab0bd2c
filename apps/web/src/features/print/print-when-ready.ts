import { useEffect } from 'react';

/**
 * Opens the browser's print dialog once `pending` and `ready` (the document to print is mounted and its data loaded),
 * one frame later so the document has rendered; then `onPrinted` (clear `pending`). For buttons that choose which
 * document prints and load it first.
 */
export function usePrintWhenReady(pending: boolean, ready: boolean, onPrinted: () => void): void {
  useEffect(() => {
    if (!pending || !ready) return;
    const frame = requestAnimationFrame(() => {
      window.print();
      onPrinted();
    });
    return () => cancelAnimationFrame(frame);
  }, [pending, ready, onPrinted]);
}
