/**
 * The ZATCA simplified tax invoice QR of phase 1 (MONEY.md): base64 of five TLV records, each a tag byte, a length
 * byte (of the value's UTF-8 bytes, not its characters) and the value's bytes. A value longer than 255 bytes (only a
 * very long seller name could be) is cut at a character boundary, since one byte holds its length.
 */
export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2026-11-24T10:30:00Z. */
  timestamp: string;
  /** The total with VAT as printed ("115.00"). */
  total: string;
  /** The VAT total as printed ("15.00"). */
  vatTotal: string;
}

const TAGS: Array<keyof ZatcaQrFields> = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vatTotal'];

function valueBytes(value: string): Buffer {
  let bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= 255) return bytes;
  let chars = [...value];
  while (bytes.length > 255) {
    chars = chars.slice(0, -1);
    bytes = Buffer.from(chars.join(''), 'utf8');
  }
  return bytes;
}

export function zatcaQr(fields: ZatcaQrFields): string {
  const records = TAGS.map((key, i) => {
    const bytes = valueBytes(fields[key]);
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(records).toString('base64');
}

/** Reads a phase-1 QR back (tests, and a check that what is printed decodes): tag → value. */
export function decodeZatcaQr(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    out[tag] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return out;
}
