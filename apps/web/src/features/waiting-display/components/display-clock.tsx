import { useEffect, useState } from 'react';
import { DATE_FORMAT } from '../../../lib/format';
import { clinicWallClock } from '../../../lib/clinic-time';

/** The clinic's time (large) and today's date, day/month/year with the weekday, ticking every second. */
export function DisplayClock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const clock = clinicWallClock(now, timeZone);
  return (
    <div className="wd-clock" aria-live="off">
      <time className="wd-clock-time" dateTime={clock.format('HH:mm')}>
        {clock.format('hh:mm')}
        <span className="wd-clock-ampm">{clock.format('A')}</span>
      </time>
      <div className="wd-clock-date">
        <span>{clock.format('dddd')}</span> <bdi>{clock.format(DATE_FORMAT)}</bdi>
      </div>
    </div>
  );
}
