import { type ActiveUser, UTC3_COUNTRIES } from '@dental/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOnline, preloadWithShell } from '../offline-ready';

/** Countries whose clinics must run on UTC+3 devices (spec §2 time-zone block). */
const GUARDED_COUNTRIES = new Set<string>(UTC3_COUNTRIES);
const REQUIRED_OFFSET = -180; // Date#getTimezoneOffset of UTC+3

export const isWrongTimeZone = (countryId: string, offset = new Date().getTimezoneOffset()) =>
  GUARDED_COUNTRIES.has(countryId) && offset !== REQUIRED_OFFSET;

// the block's antd Result and Descriptions stay out of the signed-in first load (issue 18); fetched after the page has
// shown, so that it is there offline; meanwhile the block shows its title
const loadBlock = preloadWithShell(() => import('./timezone-block'));
const TimeZoneBlock = lazyWhenOnline(() => loadBlock().then((m) => ({ default: m.TimeZoneBlock })));

/** A full-screen block while the device clock is in the wrong time zone; re-checked every minute. */
export function TimeZoneGuard({ user }: { user: ActiveUser }) {
  const { t } = useTranslation();
  const [wrong, setWrong] = useState(() => isWrongTimeZone(user.clinicCountryId));
  useEffect(() => {
    const check = () => setWrong(isWrongTimeZone(user.clinicCountryId));
    check();
    const id = window.setInterval(check, 60_000);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('focus', check);
    };
  }, [user.clinicCountryId]);
  if (!wrong) return null;
  return (
    <div className="timezone-block" role="alertdialog" aria-modal="true" aria-labelledby="timezone-title">
      <Suspense fallback={<h2 id="timezone-title">{t('timezone.title')}</h2>}>
        <TimeZoneBlock user={user} />
      </Suspense>
    </div>
  );
}
