import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { setLanguage } from '../../../lib/i18n';

let scanned: string[] = [];
const stop = vi.fn();
vi.mock('../camera', () => ({
  startCamera: vi.fn(async (_video: HTMLVideoElement, onText: (text: string) => void) => {
    await navigator.mediaDevices.getUserMedia({ video: true });
    for (const text of scanned) onText(text);
    return { stop };
  }),
}));

import { QrScanner } from './qr-scanner';

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;
const mount = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/QrCodes']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <QrScanner open onClose={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
const withCamera = (getUserMedia: () => Promise<unknown>) => {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
};

beforeEach(async () => {
  scanned = [];
  stop.mockClear();
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the in-app QR scanner', () => {
  it('says the browser has no camera API', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: undefined }));
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain('This browser cannot open the camera');
  });

  it('says the camera was refused, in Arabic too', async () => {
    withCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await setLanguage('ar');
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain('تم رفض الوصول إلى الكاميرا');
  });

  it('says the camera is busy', async () => {
    withCamera(() => Promise.reject(new DOMException('busy', 'NotReadableError')));
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain('The camera is in use');
  });

  it('keeps looking past a code that is not the clinic\'s, then opens a clinic code\'s page', async () => {
    withCamera(() => Promise.resolve({}));
    scanned = ['https://example.com/'];
    const first = mount();
    expect((await screen.findByRole('alert')).textContent).toContain("This is not one of the clinic's QR codes");
    expect(screen.getByTestId('where').textContent).toBe('/QrCodes');
    first.unmount();

    scanned = ['https://clinic.example/pages/QrCode/a.b.c/checkin'];
    mount();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pages/QrCode/a.b.c/checkin'));
    expect(stop).toHaveBeenCalled();
  });
});
