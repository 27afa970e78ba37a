import {
  ZSignupCompanyResponse,
  ZSignupOtpRequest,
  ZSignupOtpResponse,
  ZSignupRequest,
  ZSignupResponse,
  ZSignupVerifyOtpRequest,
  ZSignupVerifyOtpResponse,
} from '@tasbiq/contracts/signup';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requestSignupOtp, verifySignupOtp } from './phone-verification-service.ts';
import { findCompanyBySignupToken } from './signup-queries.ts';
import { signUp } from './signup-service.ts';

const tags = ['signup'];

/**
 * The public signup page's calls (decision 016): company behind the link, phone by SMS code, then
 * the account. Public, with the per-IP limit of the auth calls on everything that sends or checks.
 */
export const publicSignupRoutes: AppModule = async (app, ctx) => {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.get(
    '/signup/:token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        params: z.object({ token: z.string() }),
        response: { 200: ZSignupCompanyResponse },
      },
    },
    async (request) => {
      const company = await findCompanyBySignupToken(ctx.db, request.params.token);
      if (!company) throw new AppError('INVALID_TOKEN', { status: 404 });
      return { company: { name: company.name } };
    },
  );

  app.post(
    '/signup/request_otp',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZSignupOtpRequest, response: { 200: ZSignupOtpResponse } },
    },
    (request) => requestSignupOtp(ctx, request.body),
  );

  app.post(
    '/signup/verify_otp',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZSignupVerifyOtpRequest, response: { 200: ZSignupVerifyOtpResponse } },
    },
    (request) => verifySignupOtp(ctx, request.body),
  );

  app.post(
    '/signup',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZSignupRequest, response: { 200: ZSignupResponse } },
    },
    (request) => signUp(ctx, request.body),
  );
};
