import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES } from '../enums.js';
import { DEFAULT_MESSAGE_TEXTS, fillPlaceholders, unknownPlaceholders } from './message-types.js';

describe('message placeholders', () => {
  it('names the words a type does not know, each once', () => {
    expect(unknownPlaceholders('MT2', 'Hi {patientName} {foo} {amountDue} {foo}')).toEqual(['foo', 'amountDue']);
    expect(unknownPlaceholders('MT5', 'Due {amountDue}')).toEqual([]);
    expect(unknownPlaceholders('MT3', 'Happy {date}')).toEqual(['date']);
  });

  it('the built-in texts use only their type’s placeholders', () => {
    for (const type of MESSAGE_TYPES)
      for (const texts of Object.values(DEFAULT_MESSAGE_TEXTS[type]))
        for (const text of Object.values(texts)) expect(unknownPlaceholders(type, text)).toEqual([]);
  });

  it('fills known placeholders, empties missing ones and leaves unknown words', () => {
    expect(fillPlaceholders('{patientName} {date} {doctor} {x}', { patientName: 'Sara', date: '2/1/2027' })).toBe('Sara 2/1/2027  {x}');
  });
});
