import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';

/**
 * The text of the QR code in one camera frame (RGBA pixels, as a canvas's getImageData gives them), or null.
 * `withJsQr` false: zxing alone (jsQR takes about five times zxing's time on a frame).
 *
 * @zxing/library reads first (fast); jsQR reads the frame again when zxing finds nothing. zxing alone cannot read some
 * perfectly clear codes, whatever the frame: its finder-pattern search takes a finder-like patch of the data for a
 * corner (qr-read.test.ts has such codes; about one clinic code in twelve), so a printed clinic code could never
 * be read. jsQR locates codes differently and reads those.
 */
export function readQrCode(rgba: Uint8ClampedArray, width: number, height: number, withJsQr = true): string | null {
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; j < luminance.length; i += 4, j++)
    // transparent pixels count as white, as in @zxing/browser's canvas source
    luminance[j] = rgba[i + 3] === 0 ? 255 : (306 * rgba[i]! + 601 * rgba[i + 1]! + 117 * rgba[i + 2]! + 0x200) >> 10;
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
  } catch {
    // not found, or found but unreadable (checksum, format): jsQR's turn
  }
  return withJsQr ? (jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null) : null;
}
