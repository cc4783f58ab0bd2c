import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from 'lib/api';
import { fieldErrorText } from 'lib/i18n';

/** A field's rule: its translated message when the value is refused, else undefined. */
export type FieldRule<T> = (value: string, values: T) => string | undefined;

export interface PlainField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}

/** A refused call's message for the form as a whole, or undefined when there is none to show (401, aborted). */
function formErrorOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.status === 401 ? undefined : error.message;
  if (error instanceof Error && error.name !== 'AbortError') return fieldErrorText('unexpected');
  return undefined;
}

/**
 * The state of a small form of text fields without antd's Form (issue 18), with its behaviour: a field is checked as
 * it changes, every field at submit (the first refused one takes the focus), the form is busy while its call runs,
 * a 400's field messages go on their fields and any other refusal is shown above the submit button.
 */
export function usePlainForm<T extends Record<string, string>>(initial: T, rules: { [K in keyof T]?: FieldRule<T> }) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<keyof T, HTMLInputElement | null>>>({});
  const names = Object.keys(initial) as Array<keyof T>;

  const field = (name: keyof T & string): PlainField => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value) => {
      const next = { ...values, [name]: value };
      setValues(next);
      // a rule may read another field (the confirmation): those already checked are checked again
      setErrors((prev) => {
        const updated: Partial<Record<keyof T, string>> = { ...prev, [name]: rules[name]?.(value, next) };
        for (const other of names)
          if (other !== name && other in prev) updated[other] = rules[other]?.(next[other], next);
        return updated;
      });
    },
    inputRef: (element) => {
      inputs.current[name] = element;
    },
  });

  /** Checks every field; answers whether all are valid, and focuses the first refused one. */
  const validate = (): boolean => {
    const found = Object.fromEntries(names.map((n) => [n, rules[n]?.(values[n], values)])) as Partial<
      Record<keyof T, string>
    >;
    setErrors(found);
    setFormError(undefined);
    const first = names.find((n) => found[n] !== undefined);
    if (first !== undefined) inputs.current[first]?.focus();
    return first === undefined;
  };

  /** A refused call: its field messages on the fields it names, anything else for the whole form. */
  const showError = (error: unknown) => {
    const byField = error instanceof ApiError ? (error.body.errors ?? {}) : {};
    const known = Object.entries(byField).filter(([path]) => names.includes(path));
    if (known.length) {
      setErrors((prev) => ({ ...prev, ...Object.fromEntries(known) }));
      inputs.current[known[0]![0] as keyof T]?.focus();
    } else setFormError(formErrorOf(error));
  };

  /** The form's submit handler: checks the fields, then runs `action` (busy meanwhile) and shows its refusal. */
  const onSubmit = (action: (values: T) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    if (busy || !validate()) return;
    setBusy(true);
    action(values)
      .catch(showError)
      .finally(() => setBusy(false));
  };

  return { values, field, onSubmit, busy, formError };
}
