import {
  ZCard,
  ZCardActivity,
  ZCardBalance,
  ZCardOrder,
  ZCardOrderFields,
  ZCardState,
  ZConfirmDeliveryRequest,
  ZEmployeeCardSummary,
  ZResetPinResponse,
  ZSignContractRequest,
  ZToggleCardRequest,
} from '@tasbiq/contracts/cards';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { cardCallerOf } from './caller.ts';
import { readCinImage } from './cin-downloads.ts';
import {
  contractCardOf,
  contractFileName,
  signCardContract,
  signedContractOf,
  unsignedContract,
} from './contract-service.ts';
import { type CardDocument, logDocumentDownload, requestIp } from './documents.ts';
import { readCardOrderForm } from './order-intake.ts';
import { placeCardOrder } from './place-order.ts';
import { findCurrentCard, findHolder, findOrderOfCard } from './queries.ts';
import { serializeCardOrder, serializeEmployeeCard } from './serialize.ts';
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
      return { card: serializeEmployeeCard(card, await findOrderOfCard(ctx.db, card.companyId, card.id)) };
    },
  );

  /** One contract download: the card of `employeeId` in `companyId`, logged as `downloadedBy`. */
  async function sendContract(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: { companyId: number; employeeId: number },
    signed: boolean,
  ) {
    const card = await contractCardOf(ctx.db, owner.companyId, owner.employeeId);
    const document: CardDocument = signed ? 'signed_contract' : 'unsigned_contract';
    const log = (outcome: 'allowed' | 'refused') =>
      logDocumentDownload(ctx.db, {
        ...owner,
        document,
        cardId: card.id,
        downloadedBy: requireSession(request).user.id,
        outcome,
        ip: requestIp(request),
      });
    if (signed) {
      const data = await signedContractOf(ctx.storage, card);
      await log('allowed');
      return sendPrivateFile(reply, data, 'application/pdf', contractFileName(card, true), {
        'X-Unsigned-Document-SHA256': card.unsignedContractSha256 ?? '',
      });
    }
    const { bytes, sha256 } = await unsignedContract(ctx.db, card);
    await log('allowed');
    return sendPrivateFile(reply, bytes, 'application/pdf', contractFileName(card, false), {
      'X-Document-SHA256': sha256,
    });
  }

  app.get(
    '/card/unsigned_contract',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'The cardholder contract to read, a PDF filled with the caller’s details',
      },
    },
    async (request, reply) => {
      const caller = cardCallerOf(request);
      return sendContract(request, reply, caller, false);
    },
  );

  app.get(
    '/card/signed_contract',
    {
      config: employeeOnly,
      schema: { tags, summary: 'The signed contract (CONTRACT_NOT_SIGNED before)' },
    },
    async (request, reply) => sendContract(request, reply, cardCallerOf(request), true),
  );

  app.post(
    '/card/sign_contract',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'Signs the contract with the drawn signature (PNG data URL): the card becomes active',
        body: ZSignContractRequest,
        response: { 200: ZCard },
      },
    },
    async (request) =>
      signCardContract({ ...deps, storage: ctx.storage }, cardCallerOf(request), {
        signature: request.body.signature,
        ip: request.ip,
      }),
  );

  for (const signed of [false, true]) {
    app.get(
      `/employees/:id/card/${signed ? 'signed' : 'unsigned'}_contract`,
      {
        config: { roles: ['RH'], feature: 'cards' },
        schema: {
          tags,
          summary: `HR: an employee's ${signed ? 'signed' : 'unsigned'} card contract`,
          params: ZObjectIdParams,
        },
      },
      async (request, reply) => {
        const companyId = companyIdOf(request);
        const employeeId = objectIdOrNotFound(request.params.id);
        if (!(await findHolder(ctx.db, companyId, employeeId))) throw notFound();
        return sendContract(request, reply, { companyId, employeeId }, signed);
      },
    );
  }

  app.post(
    '/card/order',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary:
          'Orders a card (multipart: cin_front, cin_back, city, address, area, zip); the CIN check runs in the background: poll GET /card/order/{id}',
        response: { 201: ZCardOrder },
      },
    },
    async (request, reply) => {
      const caller = cardCallerOf(request);
      const session = requireSession(request);
      // The phone the card is tied to is the account's, confirmed by OTP at login.
      const phone = session.user.phoneConfirmedAt ? session.user.phone : null;
      if (!phone) throw new AppError('PHONE_MISSING');
      const form = await readCardOrderForm(request, ZCardOrderFields);
      const order = await placeCardOrder(
        ctx,
        { companyId: caller.companyId, employeeId: caller.employeeId, phone, ...form },
        request.log,
      );
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/card/order/:id',
    {
      config: employeeOnly,
      schema: {
        tags,
        summary: 'One of the caller’s orders and where its CIN check stands (step, progress, outcome)',
        params: ZObjectIdParams,
        response: { 200: ZCardOrder },
      },
    },
    async (request) => {
      const caller = cardCallerOf(request);
      const [order] = await ctx.db
        .select()
        .from(cardOrders)
        .where(
          and(
            eq(cardOrders.id, objectIdOrNotFound(request.params.id)),
            eq(cardOrders.companyId, caller.companyId),
            eq(cardOrders.employeeId, caller.employeeId),
          ),
        );
      if (!order) throw notFound();
      return serializeCardOrder(order);
    },
  );

  app.get(
    '/card/orders/:id/cin/:side',
    {
      config: { feature: 'cards' },
      schema: {
        tags,
        summary: 'A CIN image of an order: to its holder and HR of the company only; every attempt is logged',
        params: z.object({ id: z.string(), side: z.enum(['front', 'back']) }),
      },
    },
    async (request, reply) => {
      const image = await readCinImage(
        { db: ctx.db, storage: ctx.storage },
        request,
        objectIdOrNotFound(request.params.id),
        request.params.side,
      );
      return sendPrivateFile(reply, image.data, image.contentType, image.fileName);
    },
  );
};
