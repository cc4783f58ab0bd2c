import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { LIMITS } from '@dental/contract';

/**
 * Toasts outside React (api client, shell). The app's <App> context registers its message instance here so
 * toasts follow the theme and the text direction; before that antd's static message is used.
 */
let holder: MessageInstance | null = null;

export function setMessageInstance(instance: MessageInstance | null): void {
  holder = instance;
}

const api = (): MessageInstance => holder ?? staticMessage;
const seconds = (ms: number) => ms / 1000;

export const notify = {
  success: (text: string) => api().success(text, seconds(LIMITS.successMessageMs)),
  info: (text: string) => api().info(text, seconds(LIMITS.toastMs)),
  warning: (text: string) => api().warning(text, seconds(LIMITS.toastMs)),
  error: (text: string) => api().error(text, seconds(LIMITS.toastMs)),
};
