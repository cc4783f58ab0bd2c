import type { MessageInstance } from 'antd/es/message/interface';
import { LIMITS } from '@dental/contract';

/**
 * Toasts outside React (api client, shell). The app's <App> context registers its message instance here so
 * toasts follow the theme and the text direction; before that (a page without antd, issue 18) antd's static
 * message is loaded for the toast.
 */
let holder: MessageInstance | null = null;

export function setMessageInstance(instance: MessageInstance | null): void {
  holder = instance;
}

type Kind = 'success' | 'info' | 'warning' | 'error';
const seconds = (ms: number) => ms / 1000;

function show(kind: Kind, text: string, ms: number): void {
  if (holder) void holder[kind](text, seconds(ms));
  else void import('antd/es/message').then((m) => m.default[kind](text, seconds(ms)));
}

export const notify = {
  success: (text: string) => show('success', text, LIMITS.successMessageMs),
  info: (text: string) => show('info', text, LIMITS.toastMs),
  warning: (text: string) => show('warning', text, LIMITS.toastMs),
  error: (text: string) => show('error', text, LIMITS.toastMs),
};
