import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readQrCode } from './qr-read';

/** A 640×480 camera frame (RGBA) showing `text` as a black-on-white code, 8 px a module, at (left, top). */
function frame(text: string, left = 160, top = 70) {
  const W = 640;
  const H = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rgba = new Uint8ClampedArray(W * H * 4).fill(255);
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c))
        for (let y = top + r * 8; y < top + (r + 1) * 8; y++)
          for (let x = left + c * 8; x < left + (c + 1) * 8; x++) rgba.fill(0, (y * W + x) * 4, (y * W + x) * 4 + 3);
  return { rgba, W, H };
}

// clinic codes (of the printed form) that @zxing/library alone never reads, found by trying random tokens: its
// finder-pattern search takes a finder-like patch of the data for a corner (then no code, or a wrong grid)
const ZXING_MISSES = [
  'https://clinic.example/pages/QrCode/1.SJeSBeP2YUvo-Ua5a9RLUFlLoQhRIdEx.wPjHN3FwKgcX_XeU-XfuibtB/booking',
  'https://clinic.example/pages/QrCode/1._gw9bOvW7Bulgy7wgzxaCGYE-N8cOwxw.UPws4ybMpgPNot6rxD3zAzjJ/booking',
  'https://clinic.example/pages/QrCode/1.gXJB_hp2iTjK_E1rVLAW4sVs2J5l8n_b.RLvVuivPsoN5EAZTKu24T6LQ/booking',
];

describe('reading a QR code from a camera frame', () => {
  it('reads a clinic code', () => {
    const text = 'http://192.168.1.5:8080/pages/QrCode/1.abc_DEF-123.xyz/checkin';
    const { rgba, W, H } = frame(text, 201, 93);
    expect(readQrCode(rgba, W, H)).toBe(text);
  });

  it('reads the clear codes that zxing alone misses', () => {
    for (const text of ZXING_MISSES) {
      const { rgba, W, H } = frame(text);
      const luminance = new Uint8ClampedArray(W * H).map((_, i) => rgba[i * 4]!);
      // why the second reader is there (if an upgrade of @zxing/library reads these, jsQR may go)
      expect(() => new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, W, H)))), text).toThrow();
      expect(readQrCode(rgba, W, H), text).toBe(text);
    }
  });

  it('finds nothing in a frame without a code', () => {
    expect(readQrCode(new Uint8ClampedArray(64 * 48 * 4).fill(255), 64, 48)).toBeNull();
    expect(readQrCode(new Uint8ClampedArray(64 * 48 * 4), 64, 48)).toBeNull();
  });
});
