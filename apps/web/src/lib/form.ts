import type { FormInstance } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from './api';
import { fieldErrorText } from './i18n';
import { notify } from './toast';

/** Empty inputs reach the schema as undefined, so "required" reads as field_required. */
const normalize = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The translated message of a contract schema refusing `value`, or undefined when it takes it. */
export function zodMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(normalize(value));
  return result.success ? undefined : fieldErrorText(result.error.issues[0]?.message);
}

/** An antd Form rule that validates one field with a contract schema and shows its translated message. */
export function zodRule(schema: z.ZodType): RuleObject {
  return {
    validator: async (_rule, value) => {
      const message = zodMessage(schema, value);
      if (message !== undefined) throw new Error(message);
    },
  };
}

/** Whether a schema refuses an empty value (for the required mark). */
export const isRequired = (schema: z.ZodType): boolean => !schema.safeParse(undefined).success;

/** Props for a Form.Item validated by a schema: `<Form.Item name="x" {...zodField(s.shape.x)}>`. */
export function zodField(schema: z.ZodType): { rules: Rule[]; required: boolean } {
  return { rules: [zodRule(schema)], required: isRequired(schema) };
}

/** A rule that the field equals another one (confirm password); message is a catalogue code. */
export function sameAsRule(otherField: string, code = 'password_mismatch'): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(otherField)) throw new Error(fieldErrorText(code));
    },
  });
}

/** A rule that the field is filled when another one is (a location's two coordinates): field_required. */
export function pairedRule(otherField: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (normalize(value) === undefined && normalize(getFieldValue(otherField)) !== undefined)
        throw new Error(fieldErrorText('field_required'));
    },
  });
}

/** "items.0.name" → ['items', 0, 'name'] */
export const fieldPath = (path: string): (string | number)[] =>
  path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

function hasPath(values: unknown, path: (string | number)[]): boolean {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return true;
}

/**
 * Puts a 400's field messages on the form's fields. Returns true when at least one field took a message;
 * messages for fields the form does not have are ignored.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.body.errors) return false;
  const registered = form.getFieldsValue() as Record<string, unknown>;
  const known = Object.entries(error.body.errors).filter(([path]) => hasPath(registered, fieldPath(path)));
  form.setFields(known.map(([path, message]) => ({ name: fieldPath(path), errors: [message] })));
  return known.length > 0;
}

/**
 * For forms that call with `silent: true`: field errors go on the fields, anything else becomes a warning toast.
 */
export function handleFormError(form: FormInstance, error: unknown): void {
  if (!applyServerErrors(form, error)) warnFormError(error);
}

/** An error a form could not put on its fields: a warning toast (none for a 401 or an aborted call). */
export function warnFormError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.status !== 401) notify.warning(error.message);
  } else if (error instanceof Error && error.name !== 'AbortError') {
    notify.warning(fieldErrorText('unexpected'));
  }
}
