import QRCode from 'qrcode';

/** A QR code as a PNG, drawn here (no service): error correction M, as ZATCA's verification apps read it. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
}
