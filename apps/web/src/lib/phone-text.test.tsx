import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayMobile } from '../features/patients/mobile';
import { signedInWithFetch } from '../test/signed-in';
import { testUser } from '../test/fixtures';
import { EMPTY_VALUE } from './format';
import { PhoneText, displayPhone, phoneExample, storedPhone } from './phone-text';

describe('contact numbers that may be fixed lines (issue 18)', () => {
  it('writes a stored number as people of the clinic’s country do, fixed lines too; others internationally', () => {
    expect(displayPhone('+20223456789', 'CN3')).toBe('02 23456789'); // a Cairo landline
    expect(displayPhone('+201001234599', 'CN3')).toBe('010 01234599');
    expect(displayPhone('+966112345678', 'CN2')).toBe('011 234 5678'); // a Riyadh landline
    expect(displayPhone('+966112345678', 'CN3')).toBe('+966 11 234 5678');
    expect(displayPhone('+9671234567', 'CN1')).toBe('01 234 567'); // a Sana'a landline
    expect(displayPhone('0223', 'CN3')).toBe('0223'); // not a number: as stored
  });

  it('writes a mobile as MobileText does', () => {
    for (const number of ['+201001234599', '+966501234567', '+967712345678'])
      for (const country of ['CN1', 'CN2', 'CN3'] as const)
        expect(displayPhone(number, country)).toBe(displayMobile(number, country));
  });
});

describe('a contact number typed in a form', () => {
  it('is read back into E.164 against the clinic’s country; what is no number stays as typed, for the server to refuse', () => {
    expect(storedPhone('02 23456789', 'CN3')).toBe('+20223456789');
    expect(storedPhone(' 0100 123 4567 ', 'CN3')).toBe('+201001234567');
    expect(storedPhone('00966 50 123 4567', 'CN3')).toBe('+966501234567');
    expect(storedPhone('+966 11 234 5678', 'CN3')).toBe('+966112345678');
    expect(storedPhone('call me', 'CN3')).toBe('call me');
    expect(storedPhone('', 'CN3')).toBe('');
    expect(storedPhone(undefined, 'CN3')).toBeUndefined();
  });

  it('has a placeholder written as the clinic’s country writes a mobile', () => {
    expect(phoneExample('CN3')).toBe('010 01234567');
    expect(phoneExample('CN2')).toBe(displayPhone('+966501234567', 'CN2'));
  });
});

describe('PhoneText', () => {
  signedInWithFetch(
    async () => new Response('{}'),
    () => testUser({ clinicCountryId: 'CN3' }),
  );

  it('shows the national form left to right, and a dash for an empty number', () => {
    const { container } = render(<PhoneText value="+20223456789" />);
    const bdi = container.querySelector('bdi')!;
    expect(bdi.textContent).toBe('02 23456789');
    expect(bdi.getAttribute('dir')).toBe('ltr');
    expect(render(<PhoneText value={null} />).container.textContent).toBe(EMPTY_VALUE);
    expect(render(<PhoneText value="" />).container.textContent).toBe('—');
  });
});
