import { useEffect } from 'react';

/**
 * Opens the browser's print dialog once `pending` and `ready` (the document to print is mounted and its data loaded),
 * one frame later so the document has rendered (and has its language's strings); then `onPrinted` (clear `pending`). For buttons that choose which
 * document prints and load it first.
 */
export function usePrintWhenReady(pending: boolean, ready: boolean, onPrinted: () => void): void {
  useEffect(() => {
    if (!pending || !ready) return;
    let frame = 0;
    const tryPrint = () => {
      // a document in another language than the UI's is still loading its strings (<PrintDocument> aria-busy)
      if (document.querySelector('.print-root[aria-busy]')) {
        frame = requestAnimationFrame(tryPrint);
        return;
      }
      window.print();
      onPrinted();
    };
    frame = requestAnimationFrame(tryPrint);
    return () => cancelAnimationFrame(frame);
  }, [pending, ready, onPrinted]);
}
