import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text`, drawn in the browser (no network), as an image. */
export function QrImage({ text, size = 180, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then((url) => live && setSrc(url), () => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img src={src} width={size} height={size} alt={alt} /> : <div style={{ width: size, height: size }} aria-label={alt} />;
}
