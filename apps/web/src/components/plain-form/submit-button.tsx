import { LoadingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The form's primary, full-width submit button, drawn like antd's large primary Button; busy while the call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={`plain-btn plain-btn-primary plain-btn-lg plain-btn-block${busy ? ' plain-btn-busy' : ''}`}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
    >
      {busy && <LoadingOutlined aria-hidden />}
      <span>{children}</span>
    </button>
  );
}

/** A refused call's message for the whole form (not about one field). */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <div className="pf-form-error" role="alert">
      {message}
    </div>
  );
}
