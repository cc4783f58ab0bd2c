import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';

/**
 * The camera half of the in-app scanner, loaded only when a scanner opens (its own chunk; the decoder is @zxing's
 * plain JavaScript, served with the app: nothing from a CDN). Asks for the back camera, shows it in `video` and
 * calls `onText` with each QR code read. getUserMedia's errors are thrown as they are (scan-model maps them).
 */
export async function startCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<IScannerControls> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  try {
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 250 });
    return await reader.decodeFromStream(stream, video, (result) => {
      if (result) onText(result.getText());
    });
  } catch (e) {
    for (const track of stream.getTracks()) track.stop();
    throw e;
  }
}
