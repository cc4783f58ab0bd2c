import { describe, expect, it } from 'vitest';
import { smsLength } from './sms-length.js';

describe('smsLength', () => {
  it('counts GSM-7 text: 160 in one message, 153 a part beyond', () => {
    expect(smsLength('')).toEqual({ encoding: 'GSM-7', length: 0, segments: 0, perSegment: 160, remaining: 160 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', length: 160, segments: 1, remaining: 0 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ length: 161, segments: 2, perSegment: 153, remaining: 145 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts the extension characters twice', () => {
    expect(smsLength('€[]')).toMatchObject({ encoding: 'GSM-7', length: 6 });
    expect(smsLength('{'.repeat(80))).toMatchObject({ length: 160, segments: 1 });
    expect(smsLength('{'.repeat(81))).toMatchObject({ length: 162, segments: 2 });
  });

  it('sends Arabic as UCS-2: 70 in one message, 67 a part', () => {
    expect(smsLength('مرحبا')).toMatchObject({ encoding: 'UCS-2', length: 5, segments: 1, perSegment: 70, remaining: 65 });
    expect(smsLength('م'.repeat(70))).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsLength('م'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67, remaining: 63 });
    expect(smsLength('م'.repeat(134))).toMatchObject({ segments: 2, remaining: 0 });
  });

  it('one non-GSM character makes the whole text UCS-2; an emoji is two units', () => {
    expect(smsLength(`${'a'.repeat(69)}ê`)).toMatchObject({ encoding: 'UCS-2', length: 70, segments: 1 });
    expect(smsLength('😀')).toMatchObject({ encoding: 'UCS-2', length: 2 });
    // French accents of the GSM alphabet stay GSM-7; ç (lower case) is not in it
    expect(smsLength('é è à ù')).toMatchObject({ encoding: 'GSM-7' });
    expect(smsLength('ç')).toMatchObject({ encoding: 'UCS-2' });
  });
});
