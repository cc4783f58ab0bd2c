import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useSession } from '../../../lib/session';
import '../payments.css';

/**
 * A printed payments document (a receipt, the patient ledger): rendered straight into <body> while it is printed,
 * so print CSS (payments.css) can hide everything else, whatever the shell around the tab; hidden on screen. It
 * opens the browser's print when mounted and tells `onDone` after printing (or when the dialog is closed).
 */
export function PrintDocument({ title, subtitle, children, onDone }: { title: string; subtitle?: ReactNode; children: ReactNode; onDone: () => void }) {
  const session = useSession();
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    // once per document: a re-render (a new onDone) does not print again
    const done = () => doneRef.current();
    window.addEventListener('afterprint', done);
    const timer = window.setTimeout(() => window.print(), 0);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, []);
  return createPortal(
    <div className="pay-print" data-testid="pay-print" aria-hidden>
      <header>
        <h1>{session?.user.clinicDisplayName || session?.user.clinicName}</h1>
        <h2>{title}</h2>
        {subtitle}
      </header>
      {children}
    </div>,
    document.body,
  );
}
