import { ZDetailResponse } from '@tasbiq/contracts/auth';
import {
  ZActivationConfirmRequest,
  ZActivationVerifyRequest,
  ZActivationVerifyResponse,
} from '@tasbiq/contracts/employees';
import type { AppModule } from '../../context.ts';
import { confirmActivation, verifyActivation } from './activation-service.ts';

const tags = ['auth'];

/**
 * The public half of an invitation: the link's page checks the token, then sets the first password.
 * Per-IP limited like the other public auth calls (the token itself is 256 random bits).
 */
export const activationRoutes: AppModule = async (app, ctx) => {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post(
    '/auth/activation/verify',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZActivationVerifyRequest, response: { 200: ZActivationVerifyResponse } },
    },
    (request) => verifyActivation(ctx, request.body.token),
  );

  app.post(
    '/auth/activation/confirm',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZActivationConfirmRequest, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      await confirmActivation(ctx, request.body);
      return { detail: 'Votre compte est activé. Vous pouvez maintenant vous connecter.' };
    },
  );
};
