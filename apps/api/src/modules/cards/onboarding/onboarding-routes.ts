import {
  ZBulkOnboardingLinkRequest,
  ZBulkOnboardingLinkResponse,
  ZCardOrder,
  ZOnboardingLinkSent,
  ZOnboardingOrderFields,
  ZOnboardingOtpSent,
  ZOnboardingPhoneToken,
  ZOnboardingRequestOtp,
  ZOnboardingVerifyOtp,
  ZOnboardingVerifyRequest,
  ZOnboardingVerifyResponse,
  ZSendOnboardingLinkRequest,
} from '@tasbiq/contracts/cards';
import { z } from 'zod';
import type { AppModule } from '../../../context.ts';
import { companyIdOf, requireSession } from '../../../lib/auth/access-control.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../../lib/path-id.ts';
import { readCardOrderForm } from '../order-intake.ts';
import { placeCardOrder } from '../place-order.ts';
import {
  onboardingOrderContext,
  onboardingOrderOf,
  requestOnboardingOtp,
  sendOnboardingLink,
  verifyOnboardingOtp,
  verifyOnboardingToken,
} from './onboarding-service.ts';
import { useOnboardingToken } from './onboarding-tokens.ts';

const tags = ['onboarding'];

/** HR sends card-order links; the public /onboarding steps before the order (spec §7 Onboarding). */
export const onboardingRoutes: AppModule = async (app, ctx) => {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const hr = { roles: ['RH' as const], feature: 'cards' as const };

  app.post(
    '/employees/:id/card/onboarding_link',
    {
      config: hr,
      schema: {
        tags,
        summary: 'HR: sends the employee a card-order link (SMS and/or e-mail); earlier links stop working',
        params: ZObjectIdParams,
        body: ZSendOnboardingLinkRequest,
        response: { 200: ZOnboardingLinkSent },
      },
    },
    async (request) =>
      sendOnboardingLink(
        ctx,
        {
          companyId: companyIdOf(request),
          employeeId: objectIdOrNotFound(request.params.id),
          sentBy: requireSession(request).user.id,
          channels: [...new Set(request.body.channels)],
        },
        true,
      ),
  );

  app.post(
    '/card/onboarding_links',
    {
      config: hr,
      schema: {
        tags,
        summary: 'HR: sends card-order links to a selection; those who cannot receive one are reported',
        body: ZBulkOnboardingLinkRequest,
        response: { 200: ZBulkOnboardingLinkResponse },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const sentBy = requireSession(request).user.id;
      const channels = [...new Set(request.body.channels)];
      const results = [];
      for (const employeeId of new Set(request.body.employees))
        results.push(await sendOnboardingLink(ctx, { companyId, employeeId, sentBy, channels }, false));
      const sent = results.filter((r) => r.sent).length;
      return { sent, skipped: results.length - sent, results };
    },
  );

  app.post(
    '/onboarding/verify',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Checks a card-order link (INVALID_TOKEN when forged, expired or used)',
        body: ZOnboardingVerifyRequest,
        response: { 200: ZOnboardingVerifyResponse },
      },
    },
    async (request) => verifyOnboardingToken(ctx, request.body.token),
  );

  app.post(
    '/onboarding/request_otp',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Sends a code to the phone typed on the link (PHONE_EXISTS, OTP_RETRIES_REACHED)',
        body: ZOnboardingRequestOtp,
        response: { 200: ZOnboardingOtpSent },
      },
    },
    async (request) =>
      requestOnboardingOtp(ctx, {
        onboardingToken: request.body.onboarding_token,
        phone: request.body.phone,
      }),
  );

  app.post(
    '/onboarding/verify_otp',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Checks the code; answers the phone token the order carries (incorrect_otp)',
        body: ZOnboardingVerifyOtp,
        response: { 200: ZOnboardingPhoneToken },
      },
    },
    async (request) => verifyOnboardingOtp(ctx, request.body),
  );

  app.post(
    '/onboarding',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary:
          'Orders the card from the link (multipart: token, phone_token, cin_front, cin_back, city, address, area, zip); the link is used up',
        response: { 201: ZCardOrder },
      },
    },
    async (request, reply) => {
      const form = await readCardOrderForm(request, ZOnboardingOrderFields);
      const { link, phone } = await onboardingOrderContext(ctx, {
        token: form.fields.token,
        phoneToken: form.fields.phone_token,
      });
      const order = await placeCardOrder(
        ctx,
        {
          companyId: link.companyId,
          employeeId: link.employeeId,
          phone,
          fields: form.fields,
          front: form.front,
          back: form.back,
          onboardingTokenId: link.id,
          // Single use: the link is spent in the order's own transaction (a second order with it,
          // even at the same instant, is INVALID_TOKEN).
          alsoInTransaction: (tx) => useOnboardingToken(tx, link.companyId, link.id),
        },
        request.log,
      );
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/onboarding/orders/:id',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Progress of the CIN check of the order placed with this link (token and phone_token)',
        params: z.object({ id: z.string() }),
        querystring: z.object({ token: z.string().min(1).max(500), phone_token: z.string().min(1).max(500) }),
        response: { 200: ZCardOrder },
      },
    },
    async (request) =>
      onboardingOrderOf(ctx, {
        orderId: objectIdOrNotFound(request.params.id),
        token: request.query.token,
        phoneToken: request.query.phone_token,
      }),
  );
};
