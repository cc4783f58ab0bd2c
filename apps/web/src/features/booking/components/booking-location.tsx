import { AimOutlined } from '@ant-design/icons';
import { type GeoPoint, distanceMetres } from '@dental/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from 'lib/format';

interface Props {
  /** The clinic's maximum attendance distance in metres (> 0). */
  maxDistance: number;
  branch: GeoPoint;
  location: GeoPoint | null;
  onLocation: (location: GeoPoint | null) => void;
}

/** How far from the branch the patient is, when the page knows it and the clinic limits it. */
export const isTooFar = (maxDistance: number, branch: GeoPoint | null, location: GeoPoint | null) =>
  maxDistance > 0 && !!branch && !!location && distanceMetres(location, branch) > maxDistance;

/**
 * Maximum attendance distance on the booking page: the patient may share where they are; farther from the branch
 * than the clinic accepts, the page says so and offers no booking (the server refuses it as well). Sharing is
 * optional: a patient who does not share can book as before.
 */
export function BookingLocation({ maxDistance, branch, location, onLocation }: Props) {
  const { t } = useTranslation('booking');
  const [state, setState] = useState<'idle' | 'locating' | 'failed'>('idle');
  const limit = formatDistance(maxDistance);

  const share = () => {
    if (!navigator.geolocation) return setState('failed');
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState('idle');
        onLocation({
          latitude: Number(pos.coords.latitude.toFixed(6)),
          longitude: Number(pos.coords.longitude.toFixed(6)),
        });
      },
      () => setState('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 0 },
    );
  };

  if (location) {
    const distance = formatDistance(distanceMetres(location, branch));
    const far = isTooFar(maxDistance, branch, location);
    return (
      <Alert
        className="booking-location"
        type={far ? 'error' : 'success'}
        showIcon
        title={
          <>
            {far ? t('location.tooFar', { distance, limit }) : t('location.within', { distance })}{' '}
            <Button type="link" className="booking-location-forget" onClick={() => onLocation(null)}>
              {t('location.forget')}
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Flex className="booking-location" vertical gap={8}>
      <Typography.Text type="secondary">{t('location.limit', { limit })}</Typography.Text>
      <div>
        <Button icon={<AimOutlined />} loading={state === 'locating'} onClick={share}>
          {state === 'locating' ? t('location.locating') : t('location.share')}
        </Button>
      </div>
      {state === 'failed' && <Typography.Text type="warning">{t('location.failed')}</Typography.Text>}
    </Flex>
  );
}
