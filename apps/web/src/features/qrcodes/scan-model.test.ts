import { describe, expect, it } from 'vitest';
import { cameraPreflight, clinicCodeOf, scanErrorOf } from './scan-model';

const err = (name: string) => new DOMException('x', name);

describe('the camera scanner errors (spec §2)', () => {
  it('maps getUserMedia failures to the spec kinds, older browser names too', () => {
    expect(scanErrorOf(err('NotAllowedError'))).toBe('permissionDenied');
    expect(scanErrorOf({ name: 'PermissionDeniedError' })).toBe('permissionDenied');
    expect(scanErrorOf(err('NotFoundError'))).toBe('noCamera');
    expect(scanErrorOf({ name: 'DevicesNotFoundError' })).toBe('noCamera');
    expect(scanErrorOf(err('NotReadableError'))).toBe('cameraInUse');
    expect(scanErrorOf({ name: 'TrackStartError' })).toBe('cameraInUse');
    expect(scanErrorOf(err('OverconstrainedError'))).toBe('unsuitableCamera');
    expect(scanErrorOf(err('SecurityError'))).toBe('secureContext');
    expect(scanErrorOf(new TypeError('getUserMedia is not a function'))).toBe('unsupported');
    expect(scanErrorOf(new Error('boom'))).toBe('unknown');
    expect(scanErrorOf('boom')).toBe('unknown');
    expect(scanErrorOf(null)).toBe('unknown');
  });

  it('knows before asking: no secure context, no stream API', () => {
    const getUserMedia = () => undefined;
    expect(cameraPreflight({ isSecureContext: false, mediaDevices: { getUserMedia } })).toBe('secureContext');
    expect(cameraPreflight({ isSecureContext: true })).toBe('unsupported');
    expect(cameraPreflight({ isSecureContext: true, mediaDevices: {} })).toBe('unsupported');
    expect(cameraPreflight({ isSecureContext: true, mediaDevices: { getUserMedia } })).toBeNull();
  });
});

describe('which scanned texts are clinic codes', () => {
  it('takes the printed code of any address of the app', () => {
    expect(clinicCodeOf('https://clinic.example/pages/QrCode/a1.b_C-d.e9/checkin')).toEqual({
      token: 'a1.b_C-d.e9',
      purpose: 'checkin',
      path: '/pages/QrCode/a1.b_C-d.e9/checkin',
    });
    expect(clinicCodeOf('  http://192.168.1.5:8080/pages/QrCode/x.y.z/booking/ ')?.path).toBe('/pages/QrCode/x.y.z/booking');
  });

  it('refuses anything else as "not a clinic code"', () => {
    for (const text of [
      'hello',
      'https://example.com/',
      'https://clinic.example/pages/QrCode/x.y.z/unknown',
      'https://clinic.example/pages/QrCode/x.y.z',
      'https://clinic.example/pages/QrCode/x%20y/booking',
      'https://clinic.example/pages/QrCode/x.y.z/booking/0100',
      'javascript:alert(1)//pages/QrCode/x.y.z/booking',
      'WIFI:S:clinic;T:WPA;P:secret;;',
    ])
      expect(clinicCodeOf(text), text).toBeNull();
  });
});
