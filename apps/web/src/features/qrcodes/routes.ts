import type { PageLoader } from '../registry';

/** QR codes (issue 17): the printable sheet, their settings and the public page a scanned code opens. */
export const pages: Record<string, PageLoader> = {
  '/QrCodes': () => import('./pages/qr-codes-page'),
  '/QrCodesSettings': () => import('./pages/qr-settings-page'),
  '/pages/QrCode/:QID?/:type?/:mobile?': () => import('./pages/public-qr-page'),
};
