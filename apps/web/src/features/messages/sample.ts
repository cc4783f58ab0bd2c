import type { ActiveUser, Language, MessagePlaceholder } from '@dental/contract';
import dayjs from 'dayjs';
import { addDays, clinicToday, formatWallDate } from '../../lib/clinic-time';
import { timeFormatOf } from '../../lib/format';

/** An hour of the day (0-23) as the UI writes times: "10:00 AM", "10:00 ص", "10:00". */
export const formatHour = (hour: number, language?: Language): string =>
  dayjs(new Date(2000, 0, 1, hour, 0)).locale(language ?? dayjs.locale()).format(timeFormatOf(language));

/** A sample patient and appointment per language, for the template editor's preview. */
const PEOPLE: Record<Language, { patientName: string; doctor: string; branch: string; address: string; currency: string }> = {
  ar: { patientName: 'سارة أحمد', doctor: 'د. كريم نبيل', branch: 'فرع مدينة نصر', address: '12 شارع عباس العقاد، مدينة نصر، القاهرة', currency: 'ج.م' },
  en: { patientName: 'Sara Ahmed', doctor: 'Dr. Karim Nabil', branch: 'Nasr City branch', address: '12 Abbas El Akkad St, Nasr City, Cairo', currency: 'EGP' },
  fr: { patientName: 'Sara Ahmed', doctor: 'Dr Karim Nabil', branch: 'Agence Nasr City', address: '12 rue Abbas El Akkad, Nasr City, Le Caire', currency: 'EGP' },
};

/**
 * The placeholders filled for the preview in `language`: tomorrow at 10:30 in the clinic's calendar, the clinic's
 * own name and booking link, a sample patient, doctor, branch and amount. What a patient receives is filled by the
 * server (MessageType/GetMessageContent) from the real appointment.
 */
export function sampleValues(
  language: Language,
  user: Pick<ActiveUser, 'timeZone' | 'clinicName' | 'clinicDisplayName' | 'mobile'> | undefined,
  origin = typeof window === 'undefined' ? '' : window.location.origin,
): Record<MessagePlaceholder, string> {
  const person = PEOPLE[language];
  const tomorrow = addDays(clinicToday(user?.timeZone ?? 'UTC'), 1);
  const amount = new Intl.NumberFormat(`${language}-u-nu-latn`, { minimumFractionDigits: 2 }).format(1250);
  return {
    patientName: person.patientName,
    date: formatWallDate(tomorrow),
    time: dayjs(new Date(2000, 0, 1, 10, 30)).locale(language).format(timeFormatOf(language)),
    doctor: person.doctor,
    branch: person.branch,
    address: person.address,
    mapLink: 'https://maps.google.com/?q=30.0561,31.3301',
    bookingLink: `${origin}/book/${encodeURIComponent(user?.clinicName ?? 'demo')}`,
    clinicName: user?.clinicDisplayName ?? user?.clinicName ?? '',
    clinicPhone: user?.mobile ?? '',
    amountDue: `${amount} ${person.currency}`,
    feedbackLink: `${origin}/feedback/…`,
  };
}
