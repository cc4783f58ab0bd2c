import { describe, expect, it } from 'vitest';
import {
  canEditRequest,
  isRequestVisibleTo,
  saveContactInput,
  saveSupportRequestInput,
  supportRequestListInput,
} from './support.schemas.js';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('support rules', () => {
  it('lets the author edit a request only while it is new', () => {
    expect(canEditRequest({ isMine: true, status: 'RS1' })).toBe(true);
    for (const status of ['RS2', 'RS3', 'RS4'] as const) expect(canEditRequest({ isMine: true, status })).toBe(false);
    expect(canEditRequest({ isMine: false, status: 'RS1' })).toBe(false);
  });

  it("shows feature requests to every clinic and support requests only to the author's clinic", () => {
    expect(isRequestVisibleTo({ kind: 'feature', authorClinicId: 1 }, 2)).toBe(true);
    expect(isRequestVisibleTo({ kind: 'support', authorClinicId: 1 }, 1)).toBe(true);
    expect(isRequestVisibleTo({ kind: 'support', authorClinicId: 1 }, 2)).toBe(false);
  });
});

describe('support schemas', () => {
  it('needs a kind, a title and a body, with catalogue codes', () => {
    expect(messages(saveSupportRequestInput.safeParse({}))).toEqual({
      kind: 'field_required',
      title: 'field_required',
      body: 'field_required',
    });
    expect(messages(saveSupportRequestInput.safeParse({ kind: 'bug', title: 'x'.repeat(201), body: ' ' }))).toEqual({
      kind: 'field_invalid',
      title: 'field_too_long',
      body: 'field_required',
    });
    expect(saveSupportRequestInput.parse({ kind: 'feature', title: ' T ', body: 'B' })).toEqual({
      kind: 'feature',
      title: 'T',
      body: 'B',
    });
  });

  it('filters the list by known kinds and statuses and sorts by votes, date or status only', () => {
    expect(supportRequestListInput.parse({ kind: 'support', status: 'RS2', sortField: 'votes' })).toMatchObject({
      kind: 'support',
      status: 'RS2',
      page: 1,
      pageSize: 30,
    });
    expect(messages(supportRequestListInput.safeParse({ kind: 'x', status: 'RS5', sortField: 'title' }))).toEqual({
      kind: 'field_invalid',
      status: 'field_invalid',
      sortField: 'field_invalid',
    });
  });

  it('accepts a contact form with or without a mobile, and refuses a bad one', () => {
    const base = { name: 'Sara', email: 'SARA@x.test', subject: 'Hi', message: 'Hello' };
    expect(saveContactInput.parse({ ...base, mobile: '' })).toMatchObject({ email: 'sara@x.test', mobile: undefined });
    expect(saveContactInput.parse({ ...base, mobile: '+966 50 000 0001' }).mobile).toBe('+966 50 000 0001');
    expect(saveContactInput.parse({ ...base, mobile: '01001234567' }).mobile).toBe('01001234567');
    for (const mobile of ['12ab', '+', '123', '+20100123456789012345'])
      expect(messages(saveContactInput.safeParse({ ...base, mobile })), mobile).toEqual({ mobile: 'phone_invalid' });
    expect(messages(saveContactInput.safeParse({ ...base, email: 'nope' }))).toEqual({ email: 'email_invalid' });
  });
});
