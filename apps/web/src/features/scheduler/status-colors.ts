import type { AppointmentStatus } from '@dental/contract';

/** One colour per appointment status (calendar events coloured by status, status tags, the legend). */
export const STATUS_COLORS: Record<AppointmentStatus, string> = {
  AS0: '#d46b08', // Pending: orange
  AS1: '#7c7c7c', // Unconfirmed: grey
  AS2: '#1677ff', // Confirmed: blue
  AS3: '#08979c', // Checked in: cyan
  AS4: '#722ed1', // In chair: purple
  AS5: '#c41d7f', // Waiting for doctor: magenta
  AS6: '#389e0d', // Completed: green
  AS7: '#237804', // Checkout: dark green
  AS8: '#cf1322', // Canceled: red
  AS9: '#820014', // Missed: dark red
  AS10: '#ad8b00', // Rescheduled: dark gold
};

/** Black or white, whichever reads better on a background colour ('#rrggbb' or '#rgb'). */
export function contrastText(background: string): '#000000' | '#ffffff' {
  let hex = background.trim().replace(/^#/, '');
  if (hex.length === 3) hex = hex.replace(/(.)/g, '$1$1');
  if (!/^[0-9a-f]{6}/i.test(hex)) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  // perceived brightness (YIQ); white text stays on mid-tone colours such as the app's blue
  const brightness = (r * 299 + g * 587 + b * 114) / 1000;
  return brightness >= 150 ? '#000000' : '#ffffff';
}
