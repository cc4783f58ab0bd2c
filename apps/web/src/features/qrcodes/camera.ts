import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { BarcodeFormat, NotFoundException, Result } from '@zxing/library';
import { readQrCode } from './qr-read';

/**
 * @zxing/browser's camera loop (plays the stream in the video, draws a frame on a canvas every 250 ms) with each
 * frame read by readQrCode: zxing, and on every fourth frame jsQR too when zxing finds nothing (about once a second,
 * so an open scanner that sees no code keeps a busy laptop's page responsive). "Nothing found" keeps the loop going.
 */
class ClinicQrReader extends BrowserQRCodeReader {
  private frames = 0;

  override decodeFromCanvas(canvas: HTMLCanvasElement): Result {
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || !canvas.width || !canvas.height) throw new NotFoundException();
    const withJsQr = this.frames++ % 4 === 0;
    const text = readQrCode(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, withJsQr);
    if (text === null) throw new NotFoundException();
    return new Result(text, new Uint8Array(0), 0, [], BarcodeFormat.QR_CODE, Date.now());
  }
}

/**
 * The camera half of the in-app scanner, loaded only when a scanner opens (its own chunk; the decoders are plain
 * JavaScript, served with the app: nothing from a CDN). Asks for the back camera, shows it in `video` and
 * calls `onText` with each QR code read. getUserMedia's errors are thrown as they are (scan-model maps them).
 */
export async function startCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<IScannerControls> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  try {
    const reader = new ClinicQrReader(undefined, { delayBetweenScanAttempts: 250 });
    return await reader.decodeFromStream(stream, video, (result) => {
      if (result) onText(result.getText());
    });
  } catch (e) {
    for (const track of stream.getTracks()) track.stop();
    throw e;
  }
}
