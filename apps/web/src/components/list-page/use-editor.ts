import { useState } from 'react';

/** Which record a form modal edits: none (closed), a new one, or an existing row. */
export function useEditor<T>() {
  const [state, setState] = useState<{ open: boolean; record?: T }>({ open: false });
  return {
    open: state.open,
    record: state.record,
    isNew: state.open && !state.record,
    openNew: () => setState({ open: true }),
    openEdit: (record: T) => setState({ open: true, record }),
    close: () => setState({ open: false }),
  };
}
