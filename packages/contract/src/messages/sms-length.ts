/**
 * How long an SMS is and how many parts it is sent in, shared by the template editor's preview and the server so
 * both count alike. A text written only in the GSM 03.38 alphabet goes as GSM-7: 160 characters in one message,
 * 153 a part when split (the rest carries the joining header); the extension characters (^ { } \ [ ] ~ | €, form
 * feed) take two. Any other character (Arabic, emoji, most accented letters) sends the whole text as UCS-2: 70 in
 * one message, 67 a part, counted in UTF-16 units (an emoji outside the basic plane is two).
 */
export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;
export type SmsEncoding = keyof typeof SMS_LIMITS;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export interface SmsLength {
  encoding: SmsEncoding;
  /** Units used: GSM-7 septets (extension characters count 2) or UTF-16 units. */
  length: number;
  /** Messages (parts) it is sent as; 0 for an empty text. */
  segments: number;
  /** Units a part holds in this encoding at this length (single or part limit). */
  perSegment: number;
  /** Units left in the last part before another part is needed. */
  remaining: number;
}

export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extension.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const length = gsm ? septets : text.length;
  const limits = SMS_LIMITS[encoding];
  const perSegment = length <= limits.single ? limits.single : limits.part;
  const segments = length === 0 ? 0 : Math.ceil(length / perSegment);
  return { encoding, length, segments, perSegment, remaining: segments === 0 ? perSegment : segments * perSegment - length };
}
