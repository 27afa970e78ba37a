import { z } from 'zod';

/**
 * In-app notifications (spec §3 Notification, §7 Notifications). The server stores the event
 * and its raw parameters (amount as a decimal string "1500.00", ids, reasons); the web renders
 * the French title and text from the templates below, formatting amounts as "1 500 DH".
 */
export const NOTIFICATION_EVENTS = [
  'advance_created',
  'advance_executed',
  'advance_failed',
  'advance_canceled',
  'recharge_executed',
  'recharge_failed',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Parameters a template may use: `{amount}` (decimal string), `{phone}`, `{reason}`. */
export type TNotificationParameters = Record<string, string | number | boolean | null>;

/** French title and text per event; `{name}` placeholders are filled from the parameters. */
export const NOTIFICATION_TEMPLATES: Record<TNotificationEvent, { title: string; text: string }> = {
  advance_created: {
    title: 'Demande d’avance envoyée',
    text: 'Votre demande d’avance de {amount} a bien été enregistrée.',
  },
  advance_executed: { title: 'Avance versée', text: 'Votre avance de {amount} a été versée.' },
  advance_failed: {
    title: 'Avance échouée',
    text: 'Votre avance de {amount} n’a pas pu être versée. Le montant vous a été restitué.',
  },
  advance_canceled: { title: 'Avance annulée', text: 'Votre avance de {amount} a été annulée.' },
  recharge_executed: {
    title: 'Recharge effectuée',
    text: 'La recharge de {amount} du numéro {phone} a été effectuée.',
  },
  recharge_failed: {
    title: 'Recharge échouée',
    text: 'La recharge de {amount} du numéro {phone} a échoué. Le montant vous a été restitué.',
  },
};

/** Parameters whose value is an amount (decimal string) to format as money. */
export const NOTIFICATION_MONEY_PARAMETERS = ['amount'] as const;

/**
 * Fills a template: `{amount}` etc. from the parameters, each passed through `format` (the web
 * formats money there); an unknown placeholder is left out.
 */
export function renderNotificationText(
  template: string,
  parameters: TNotificationParameters,
  format: (name: string, value: string | number | boolean) => string = (_n, v) => String(v),
): string {
  return template
    .replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = parameters[name];
      return value === undefined || value === null || value === '' ? '' : format(name, value);
    })
    .replace(/ {2,}/g, ' ')
    .trim();
}

export const ZNotification = z.object({
  id: z.number().int(),
  event: z.string(),
  is_read: z.boolean(),
  timestamp: z.string(),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /notifications/unseen: how many notifications the badge shows, and which. */
export const ZUnseenNotifications = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
});
export type TUnseenNotifications = z.infer<typeof ZUnseenNotifications>;

/**
 * POST /notifications/unseen and /notifications/read: one notification (`{id}`) or all of the
 * caller's (`{all: true}`). Neither → `id` required (checked by the route).
 */
export const ZNotificationMark = z.object({
  id: z.number().int().positive().optional(),
  all: z.boolean().optional(),
});
export type TNotificationMark = z.infer<typeof ZNotificationMark>;

export const ZNotificationMarkResult = z.object({ updated: z.number().int() });
export type TNotificationMarkResult = z.infer<typeof ZNotificationMarkResult>;
