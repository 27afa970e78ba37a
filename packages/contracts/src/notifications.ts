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
  'bill_paid',
  'bill_failed',
  'bonus_paid',
  'bonus_failed',
  'bonus_replied',
  'fiche_published',
  'odm_submitted',
  'odm_replied',
  'odm_reminder',
  'odm_advance_paid',
  'odm_advance_failed',
  'transfer_sent',
  'transfer_collected',
  'transfer_failed',
  'transfer_expired',
  'expense_report_sent',
  'expense_report_replied',
  'expense_settlement_paid',
  'expense_settlement_owed',
  'expense_settlement_failed',
] as const;
export type TNotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * The kinds of money movement a notification can point at (its `target`): an advance, a top-up,
 * one of the employee's bonuses (`bonus_payment`: their bonus-employee transaction, opened in
 * /bonuses), for HR a whole bonus (`bonus`, opened at /rh/bonuses/{id}), a bill or a transfer
 * (issue 16, opened in the history's « Factures » / « Transferts » tab).
 */
export const NOTIFICATION_TARGET_TYPES = [
  'advance',
  'recharge',
  'bonus_payment',
  'bonus',
  'bill',
  'transfer',
] as const;
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
  // A bill opens in the history's « Factures » tab (its `bill_id` stays in the parameters too).
  bill_paid: 'bill',
  bill_failed: 'bill',
  // The employee's bonus opens in /bonuses (decision 036); the reply to its author opens the bonus.
  bonus_paid: 'bonus_payment',
  bonus_failed: 'bonus_payment',
  bonus_replied: 'bonus',
  // A pay slip names its slip in the parameters (`fiche_id`); the employee's screen is /fiches.
  fiche_published: null,
  // Mission orders name their order in the parameters (`odm_id`, `number`); the screen is /missionorders.
  odm_submitted: null,
  odm_replied: null,
  odm_reminder: null,
  odm_advance_paid: null,
  odm_advance_failed: null,
  // A transfer opens in the history's « Transferts » tab (its `transfer_id` stays in the parameters too).
  transfer_sent: 'transfer',
  transfer_collected: 'transfer',
  transfer_failed: 'transfer',
  transfer_expired: 'transfer',
  // Expense reports name their order in the parameters (`odm_id`, `number`).
  expense_report_sent: null,
  expense_report_replied: null,
  expense_settlement_paid: null,
  expense_settlement_owed: null,
  expense_settlement_failed: null,
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
  bill_paid: {
    title: 'Facture payée',
    text: 'Votre facture {biller} de {amount} a été payée. Le reçu est disponible dans Factures.',
  },
  bill_failed: {
    title: 'Facture non payée',
    text: 'Votre facture {biller} de {amount} n’a pas pu être payée : {reason}. Le montant vous a été restitué.',
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
  odm_submitted: {
    title: 'Ordre de mission à valider',
    text: '{employee} a envoyé l’ordre de mission {number} « {title} ».',
  },
  odm_replied: {
    title: 'Réponse à votre ordre de mission',
    text: 'Votre ordre de mission {number} « {title} » est {status}. {comment}',
  },
  odm_reminder: {
    title: 'Ordre de mission en attente',
    text: 'L’ordre de mission {number} de {employee} attend votre réponse depuis {days} jours ouvrés.',
  },
  odm_advance_paid: {
    title: 'Avance de mission versée',
    text: 'L’avance de {amount} de votre ordre de mission {number} a été versée.',
  },
  odm_advance_failed: {
    title: 'Avance de mission non versée',
    text: 'L’avance de {amount} de votre ordre de mission {number} n’a pas pu être versée : {reason}. Votre service RH est prévenu.',
  },
  transfer_sent: {
    title: 'Transfert envoyé',
    text: 'Votre transfert de {amount} à {recipient} est disponible en agence. Le code de retrait lui a été envoyé par SMS.',
  },
  transfer_collected: {
    title: 'Transfert retiré',
    text: '{recipient} a retiré votre transfert de {amount}.',
  },
  transfer_failed: {
    title: 'Transfert échoué',
    text: 'Votre transfert de {amount} à {recipient} n’a pas pu être envoyé : {reason}. Le montant vous a été restitué.',
  },
  transfer_expired: {
    title: 'Transfert expiré',
    text: 'Votre transfert de {amount} à {recipient} n’a pas été retiré à temps. Le montant vous a été restitué.',
  },
  expense_report_sent: {
    title: 'Note de frais à valider',
    text: '{employee} a envoyé la note de frais de l’ordre de mission {number} « {title} ».',
  },
  expense_report_replied: {
    title: 'Réponse à votre note de frais',
    text: 'Votre note de frais de l’ordre de mission {number} « {title} » est {status}. {comment}',
  },
  expense_settlement_paid: {
    title: 'Frais de mission remboursés',
    text: 'Le solde de {amount} de votre note de frais de l’ordre de mission {number} vous a été versé.',
  },
  expense_settlement_owed: {
    title: 'Frais de mission : solde à rembourser',
    text: 'Votre note de frais de l’ordre de mission {number} est inférieure à l’avance reçue : {amount} seront retenus sur votre salaire de {month}.',
  },
  expense_settlement_failed: {
    title: 'Remboursement de frais non versé',
    text: 'Le solde de {amount} de votre note de frais de l’ordre de mission {number} n’a pas pu être versé : {reason}. Votre service RH est prévenu.',
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
 * The movement a notification is about: the advance, top-up, bonus payment or bonus `id`, and when
 * it was `created` (for advances and top-ups, its Casablanca month is the history page that lists it).
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
  /** The advance, top-up or bonus the notification reports; null for an event about no movement. */
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
