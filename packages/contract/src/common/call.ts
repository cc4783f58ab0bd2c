import { z } from 'zod';
import type { AccessRule, Tier } from '../enums.js';
import type { PermissionKey } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Who may make a call. Public calls need no login; every other call names its keys (any one suffices) and tier. */
export type CallAccess =
  | { public: true }
  | {
      public?: false;
      /** The user needs at least one of these keys; an empty list means "any logged-in user of the clinic". */
      permissions: readonly PermissionKey[];
      tier: Tier;
      /** Route rule of spec §2, checked against the user's role. */
      rule?: AccessRule;
    }
  | { provider: true };

export interface CallDescriptor<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  controller: string;
  action: string;
  method: HttpMethod;
  /** GET (and DELETE with `inQuery`) read the input from the query string; others from the JSON body. */
  input: I;
  output: O;
  access: CallAccess;
  inQuery?: boolean;
  multipart?: boolean;
  /** 201 for a create. */
  status?: 200 | 201;
  summary: string;
}

export function defineCall<I extends z.ZodType, O extends z.ZodType>(d: CallDescriptor<I, O>): CallDescriptor<I, O> {
  return d;
}

export const callPath = (d: Pick<CallDescriptor, 'controller' | 'action'>) => `/api/${d.controller}/${d.action}`;
export const readsQuery = (d: Pick<CallDescriptor, 'method' | 'inQuery'>) => d.method === 'GET' || !!d.inQuery;

export type CallInput<D> = D extends CallDescriptor<infer I, z.ZodType> ? z.input<I> : never;
export type CallOutput<D> = D extends CallDescriptor<z.ZodType, infer O> ? z.output<O> : never;
