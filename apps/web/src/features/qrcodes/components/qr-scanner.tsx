import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cameraPreflight, clinicCodeOf, scanErrorOf, type ScanErrorKind } from '../scan-model';

/**
 * The in-app camera scanner (spec §2): opens the camera, reads a QR code and, when it is one of the clinic's codes,
 * opens its page, which sends it to ScanQrCode as a printed code scanned by a phone would be. Every failure of §2 is
 * one translated message (`scan.errors.*`); "not a clinic code" lets the scanner keep looking.
 */
export function QrScanner({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('qrcodes');
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<ScanErrorKind | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let controls: { stop: () => void } | null = null;
    const early = cameraPreflight({ isSecureContext: window.isSecureContext, mediaDevices: navigator.mediaDevices });
    setError(early);
    if (early) return;
    import('../camera')
      .then(({ startCamera }) =>
        startCamera(video.current!, (text) => {
          const code = clinicCodeOf(text);
          if (!code) return setError('notClinicCode');
          controls?.stop();
          onClose();
          navigate(code.path);
        }),
      )
      .then((c) => {
        controls = c;
        if (stopped) c.stop();
      })
      .catch((e: unknown) => {
        if (!stopped) setError(scanErrorOf(e));
      });
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [open, attempt]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('scan.title')}
      destroyOnHidden
      footer={
        error && error !== 'notClinicCode' ? (
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('scan.retry')}</Button>
        ) : null
      }
    >
      {error ? (
        <Alert type={error === 'notClinicCode' ? 'warning' : 'error'} showIcon role="alert" title={t(`scan.errors.${error}`)} style={{ marginBlockEnd: 12 }} />
      ) : (
        <Typography.Paragraph type="secondary">{t('scan.hint')}</Typography.Paragraph>
      )}
      <video ref={video} muted playsInline aria-label={t('scan.camera')} style={{ width: '100%', borderRadius: 8, background: '#000', display: error && error !== 'notClinicCode' ? 'none' : 'block' }} />
    </Modal>
  );
}
