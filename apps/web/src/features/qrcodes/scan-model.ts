import { QR_PURPOSES, type QrPurpose } from '@dental/contract';

/**
 * The in-app camera scanner's rules (spec §2 "camera scanning errors"): what went wrong, as one of the spec's kinds
 * (each translated under `scan.errors.<kind>`), and which scanned texts are this app's clinic codes.
 */
export type ScanErrorKind =
  | 'permissionDenied'
  | 'noCamera'
  | 'secureContext'
  | 'cameraInUse'
  | 'unsuitableCamera'
  | 'unsupported'
  | 'notClinicCode'
  | 'unknown';

/** What the page can know before asking for the camera: no secure context, or no stream API at all. */
export function cameraPreflight(env: { isSecureContext?: boolean; mediaDevices?: { getUserMedia?: unknown } }): ScanErrorKind | null {
  if (env.isSecureContext === false) return 'secureContext';
  if (typeof env.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return null;
}

/** getUserMedia's and the decoder's failures by their DOMException name (with the older Chrome and Firefox names). */
export function scanErrorOf(error: unknown): ScanErrorKind {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'permissionDenied';
    case 'SecurityError':
      return 'secureContext';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'cameraInUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'unsuitableCamera';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

export type ClinicCode = { token: string; purpose: QrPurpose; path: string };

const CODE_PATH = /^\/pages\/QrCode\/([A-Za-z0-9_.-]{1,200})\/([a-z]+)\/?$/;

/**
 * A scanned text that is one of the clinic codes this app prints (`<origin>/pages/QrCode/<token>/<purpose>`, the
 * origin may be another address of the app), else null ("not a clinic code"). The token itself is checked by
 * ScanQrCode when the public page opens.
 */
export function clinicCodeOf(text: string): ClinicCode | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const m = CODE_PATH.exec(url.pathname);
  if (!m || !(QR_PURPOSES as readonly string[]).includes(m[2]!)) return null;
  const purpose = m[2] as QrPurpose;
  return { token: m[1]!, purpose, path: `/pages/QrCode/${m[1]}/${purpose}` };
}
