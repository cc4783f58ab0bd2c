import { describe, expect, test } from 'vitest';
import { decodeZatcaQr, zatcaQr } from './zatca-qr.js';

/** The TLV bytes written out by hand: tag, length in bytes, the value's UTF-8 bytes. */
const tlv = (tag: number, value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
};

describe('ZATCA phase-1 QR', () => {
  test('base64 of the five TLV records, in tag order', () => {
    const qr = zatcaQr({ sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', total: '1000.00', vatTotal: '150.00' });
    expect(qr).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
    expect(decodeZatcaQr(qr)).toEqual({ 1: 'Bobs Records', 2: '310122393500003', 3: '2022-04-25T15:30:00Z', 4: '1000.00', 5: '150.00' });
  });

  test('an Arabic seller name: the length byte counts UTF-8 bytes, not characters', () => {
    const name = 'شركة الأسنان';
    const qr = zatcaQr({ sellerName: name, vatNumber: '300000000000003', timestamp: '2026-11-24T10:30:00Z', total: '115.00', vatTotal: '15.00' });
    const expected = Buffer.concat([
      tlv(1, name), tlv(2, '300000000000003'), tlv(3, '2026-11-24T10:30:00Z'), tlv(4, '115.00'), tlv(5, '15.00'),
    ]).toString('base64');
    expect(qr).toBe(expected);
    const raw = Buffer.from(qr, 'base64');
    expect(raw[1]).toBe(23);
    expect(name.length).toBe(12);
    expect(qr.length).toBeLessThan(700);
  });

  test('a value over 255 bytes is cut at a character boundary', () => {
    const name = 'ع'.repeat(200); // 400 bytes
    const fields = decodeZatcaQr(zatcaQr({ sellerName: name, vatNumber: '3', timestamp: 't', total: '1.00', vatTotal: '0.00' }));
    expect(fields[1]).toBe('ع'.repeat(127));
    expect(fields[2]).toBe('3');
  });
});
