import {
  ZCard,
  ZCardActivity,
  ZCardBalance,
  ZCardState,
  ZConfirmDeliveryRequest,
  ZEmployeeCardSummary,
  ZResetPinResponse,
  ZToggleCardRequest,
} from '@tasbiq/contracts/cards';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { companyIdOf } from '../../lib/auth/access-control.ts';
import { notFound } from '../../lib/errors.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { cardCallerOf } from './caller.ts';
import { findCurrentCard, findHolder, findOrderOfCard } from './queries.ts';
import { serializeEmployeeCard } from './serialize.ts';
import {
  applyIssuerEvent,
  type CardDeps,
  confirmCardReceipt,
  getCardActivity,
  getCardBalance,
  getCardState,
  resetCardPin,
  toggleCard,
} from './service.ts';

const tags = ['card'];
const zInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, { message: 'invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional();

/** The employee's prepaid card (spec §7 Card) and HR's view of an employee's card. */
export const cardRoutes: AppModule = async (app, ctx) => {
  const deps: CardDeps = { db: ctx.db, issuer: ctx.payouts.card };
  const employeeOnly = { employee: true, feature: 'cards' as const };
  // The issuer's events (the sandbox's jobs here; a webhook route in production).
  ctx.payouts.card.onEvent(async (event) => {
    await applyIssuerEvent(ctx.db, event);
  });

  app.get(
    '/card',
    {
      config: employeeOnly,
      schema: { tags, summary: 'The caller’s card and the order under check', response: { 200: ZCardState } },
    },
    async (request) => getCardState(ctx.db, cardCallerOf(request)),
  );

  app.post(
    '/card/confirm_delivery',
    {
      config: {
        ...employeeOnly,
        // Guessing a 16-digit number is hopeless, but a script should not even try.
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Confirms receipt with the number printed on the card (WRONG_CARD_NUMBER, CARD_NOT_READY)',
        body: ZConfirmDeliveryRequest,
        response: { 200: ZCard },
      },
    },
    async (request) => confirmCardReceipt(deps, cardCallerOf(request), request.body.card_number as string),
  );

  app.put(
    '/card/toggle',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'Blocks (is_active false) or unblocks (true) the active card at once',
        body: ZToggleCardRequest,
        response: { 200: ZCard },
      },
    },
    async (request) => toggleCard(deps, cardCallerOf(request), request.body.is_active),
  );

  app.post(
    '/card/reset_pin',
    {
      config: { ...employeeOnly, rateLimit: { max: 5, timeWindow: 60 * 60_000 } },
      schema: {
        tags,
        summary: 'The issuer sends a new PIN by SMS to the card’s phone',
        response: { 200: ZResetPinResponse },
      },
    },
    async (request) => resetCardPin(deps, cardCallerOf(request)),
  );

  app.get(
    '/card/balance',
    {
      config: employeeOnly,
      schema: { tags, summary: 'The card’s balance, from the issuer', response: { 200: ZCardBalance } },
    },
    async (request) => getCardBalance(deps, cardCallerOf(request)),
  );

  app.get(
    '/card/transactions',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: "One Casablanca month of the card's movements ('1' credit, '2' debit), newest first",
        querystring: z.object({ month: zInt(1, 12), year: zInt(2000, 2100) }),
        response: { 200: ZCardActivity },
      },
    },
    async (request) => getCardActivity(deps, cardCallerOf(request), request.query),
  );

  app.get(
    '/employees/:id/card',
    {
      config: { roles: ['RH'], feature: 'cards' },
      schema: {
        tags,
        summary: "HR: an employee's card (status, last four digits, contract, CIN images)",
        params: ZObjectIdParams,
        response: { 200: z.object({ card: ZEmployeeCardSummary.nullable() }) },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const employeeId = objectIdOrNotFound(request.params.id);
      if (!(await findHolder(ctx.db, companyId, employeeId))) throw notFound();
      const card = await findCurrentCard(ctx.db, companyId, employeeId);
      if (!card) return { card: null };
      return { card: serializeEmployeeCard(card, await findOrderOfCard(ctx.db, card.id)) };
    },
  );
};
