import type { Language } from '../enums.js';

/**
 * What a notification is about (docs/notifications.md). A notification stores its kind and the values of its
 * placeholders, never a text: the title and body are rendered in the reader's language from these templates
 * (the bell in the web app, the web push in the recipient's language).
 */
export const NOTIFICATION_KINDS = [
  'appointment_booked_online',
  'lab_order_ready',
  'lab_orders_overdue',
  'user_called',
  'payment_due',
  'low_stock',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A placeholder value: text or a number (dates and times are sent already formatted in the clinic's zone). */
export type NotificationParams = Record<string, string | number>;

type Texts = Record<Language, string>;
export const NOTIFICATION_TEXTS: Record<NotificationKind, { title: Texts; body: Texts }> = {
  appointment_booked_online: {
    title: { ar: 'حجز جديد عبر الإنترنت', en: 'New online booking', fr: 'Nouvelle réservation en ligne' },
    body: {
      ar: '{patient} حجز موعدًا يوم {date} الساعة {time} في فرع {branch}',
      en: '{patient} booked {date} at {time}, {branch} branch',
      fr: '{patient} a réservé le {date} à {time}, agence {branch}',
    },
  },
  lab_order_ready: {
    title: { ar: 'طلب المعمل جاهز', en: 'Lab order ready', fr: 'Commande de laboratoire prête' },
    body: {
      ar: 'الطلب رقم {orderNo} للمريض {patient} جاهز لدى {lab}',
      en: 'Order {orderNo} for {patient} is ready at {lab}',
      fr: 'La commande {orderNo} de {patient} est prête chez {lab}',
    },
  },
  lab_orders_overdue: {
    title: { ar: 'طلبات معمل متأخرة', en: 'Overdue lab orders', fr: 'Commandes de laboratoire en retard' },
    body: {
      ar: 'عدد طلبات المعمل المتأخرة عن موعد التسليم: {count}',
      en: '{count} lab orders are past their delivery date',
      fr: '{count} commandes de laboratoire ont dépassé leur date de livraison',
    },
  },
  user_called: {
    title: { ar: 'نداء من {from}', en: '{from} is calling you', fr: '{from} vous appelle' },
    body: { ar: '{message}', en: '{message}', fr: '{message}' },
  },
  payment_due: {
    title: { ar: 'دفعة مستحقة', en: 'Payment due', fr: 'Paiement à échéance' },
    body: {
      ar: 'دفعة {patient} بمبلغ {amount} تستحق في {date}',
      en: "{patient}'s payment of {amount} is due on {date}",
      fr: 'Le paiement de {patient} de {amount} est dû le {date}',
    },
  },
  low_stock: {
    title: { ar: 'مخزون منخفض', en: 'Low stock', fr: 'Stock bas' },
    body: {
      ar: 'الصنف {item} وصل إلى {quantity}',
      en: '{item} is down to {quantity}',
      fr: "L'article {item} est descendu à {quantity}",
    },
  },
};

/** A calendar date (YYYY-MM-DD) reads day/month/year, as every date of the app. */
const shown = (v: string | number) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v.split('-').reverse().join('/') : String(v));
const fill = (template: string, params: NotificationParams) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? shown(params[key]!) : whole));

/** The title and body of a notification in one language; a kind this build does not know shows its name. */
export function renderNotification(kind: string, params: NotificationParams, lang: Language): { title: string; body: string } {
  const texts = NOTIFICATION_TEXTS[kind as NotificationKind];
  if (!texts) return { title: kind, body: '' };
  return { title: fill(texts.title[lang], params), body: fill(texts.body[lang], params) };
}
