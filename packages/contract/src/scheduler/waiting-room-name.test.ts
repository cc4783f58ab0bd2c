import { describe, expect, it } from 'vitest';
import { waitingRoomName } from './waiting-room-name.js';

describe('waitingRoomName', () => {
  it('shows the first name and the first letter of the family name', () => {
    expect(waitingRoomName('أحمد محمد')).toBe('أحمد م.');
    expect(waitingRoomName('أحمد محمد علي')).toBe('أحمد ع.');
    expect(waitingRoomName('  Sara   Ahmed  Hassan ')).toBe('Sara H.');
  });
  it('keeps a compound first name whole', () => {
    expect(waitingRoomName('عبد الله محمود السيد')).toBe('عبد الله ا.');
    expect(waitingRoomName('أبو بكر خالد')).toBe('أبو بكر خ.');
  });
  it('a compound first name alone is shown whole', () => {
    expect(waitingRoomName('عبد الرحمن')).toBe('عبد الرحمن');
  });
  it('shows a one-word name as it is and an empty name as nothing', () => {
    expect(waitingRoomName('منى')).toBe('منى');
    expect(waitingRoomName('   ')).toBe('');
  });
});
