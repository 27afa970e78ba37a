import {
  NOTIFICATION_MONEY_PARAMETERS,
  NOTIFICATION_TEMPLATES,
  renderNotificationText,
  type TNotification,
  type TNotificationEvent,
} from '@tasbiq/contracts/notifications';
import { formatMoney } from '../../lib/format/money.ts';

const MONEY = new Set<string>(NOTIFICATION_MONEY_PARAMETERS);

/** The French title and sentence of a notification, amounts as "1 500 DH". */
export function notificationText(notification: Pick<TNotification, 'event' | 'parameters'>): {
  title: string;
  text: string;
} {
  const template = NOTIFICATION_TEMPLATES[notification.event as TNotificationEvent];
  if (!template) return { title: 'Notification', text: 'Vous avez une nouvelle notification.' };
  return {
    title: template.title,
    text: renderNotificationText(template.text, notification.parameters, (name, value) =>
      MONEY.has(name) && typeof value !== 'boolean' ? formatMoney(value) : String(value),
    ),
  };
}
