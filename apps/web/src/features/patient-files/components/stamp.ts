import dayjs from 'dayjs';
import { formatDate } from '../../../lib/format';

/** When a note or a file was added: day/month/year and the 24-hour time ("14/03/2026 09:05"). */
export const formatStamp = (value: string | null | undefined) =>
  value && dayjs(value).isValid() ? `${formatDate(value)} ${dayjs(value).format('HH:mm')}` : '';

/** A file size for people: "850 KB", "2.4 MB". */
export function formatSize(bytes: number, units: { kb: string; mb: string }) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} ${units.mb}`;
  return `${Math.max(1, Math.round(bytes / 1024))} ${units.kb}`;
}

/** The first words of a long text, for labels and confirmations. */
export const excerpt = (text: string, max = 40) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
