import { z } from 'zod';
import { ZObjectId } from './wire.ts';

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
  'bonus_paid',
  'bonus_failed',
  'bonus_replied',
  'fiche_published',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The kinds of money movement a notification can point at (its `target`). */
export const NOTIFICATION_TARGET_TYPES = ['advance', 'recharge'] as const;
export type TNotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

/**
 * What each event is about: a notification of an event about money points at that movement
 * (`target`, never null for these); an event mapped to null (none yet) has no target.
 */
export const NOTIFICATION_TARGET_OF = {
  advance_created: 'advance',
  advance_executed: 'advance',
  advance_failed: 'advance',
  advance_canceled: 'advance',
  recharge_executed: 'recharge',
  recharge_failed: 'recharge',
  // Bonuses name their bonus in the parameters (`bonus_id`); the employee's screen is /bonuses
  // (decision 036), not the history that targets open.
  bonus_paid: null,
  bonus_failed: null,
  bonus_replied: null,
  // A pay slip names its slip in the parameters (`fiche_id`); the employee's screen is /fiches.
  fiche_published: null,
} as const satisfies Record<TNotificationEvent, TNotificationTargetType | null>;

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
  bonus_paid: { title: 'Prime reçue', text: 'Votre prime « {title} » de {amount} a été versée.' },
  bonus_failed: {
    title: 'Prime non versée',
    text: 'Votre prime « {title} » de {amount} n’a pas pu être versée : {reason}. Votre service RH est prévenu.',
  },
  bonus_replied: { title: 'Réponse à votre prime', text: 'La prime « {title} » de {amount} est {status}.' },
  fiche_published: {
    title: 'Fiche de paie disponible',
    text: 'Votre fiche de paie de {period} est disponible. Téléchargez-la dans Fiches de paie.',
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

/**
 * The movement a notification is about: the advance or top-up `id`, and when it was `created`
 * (its Casablanca month is the history page that lists it).
 */
export const ZNotificationTarget = z.object({
  type: z.enum(NOTIFICATION_TARGET_TYPES),
  id: z.number().int(),
  created: z.string(),
});
export type TNotificationTarget = z.infer<typeof ZNotificationTarget>;

export const ZNotification = z.object({
  id: z.number().int(),
  event: z.string(),
  is_read: z.boolean(),
  timestamp: z.string(),
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** The advance or top-up the notification reports; null for an event about no movement. */
  target: ZNotificationTarget.nullable(),
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
  id: ZObjectId.optional(),
  all: z.boolean().optional(),
});
export type TNotificationMark = z.infer<typeof ZNotificationMark>;

export const ZNotificationMarkResult = z.object({ updated: z.number().int() });
export type TNotificationMarkResult = z.infer<typeof ZNotificationMarkResult>;
