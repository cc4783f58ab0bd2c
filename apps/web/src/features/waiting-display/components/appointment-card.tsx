import { useTranslation } from 'react-i18next';
import { timeFormatOf } from '../../../lib/format';
import { clinicWallClock } from '../../../lib/clinic-time';
import type { DisplayItem } from '../display-groups';

/** One patient on the display: short name, time, doctor and room (in the room's colour). */
export function AppointmentCard({ item, timeZone }: { item: DisplayItem; timeZone: string }) {
  const { t } = useTranslation('waiting-display');
  const color = item.roomColor ?? undefined;
  return (
    <li className="wd-card" style={{ borderInlineStartColor: color }} data-appointment-id={item.id}>
      <div className="wd-card-top">
        <bdi className="wd-card-name">{item.patientName}</bdi>
        <span className="wd-card-time">
          {item.turnNumber != null && <span className="wd-card-turn">{t('turn', { n: item.turnNumber })}</span>}
          <bdi>{clinicWallClock(item.start, timeZone).format(timeFormatOf())}</bdi>
        </span>
      </div>
      <div className="wd-card-bottom">
        {item.doctorName && <bdi className="wd-card-doctor">{item.doctorName}</bdi>}
        {item.roomName && (
          <span className="wd-card-room">
            <span className="wd-room-dot" style={{ background: color }} aria-hidden />
            <bdi>{item.roomName}</bdi>
          </span>
        )}
      </div>
    </li>
  );
}
