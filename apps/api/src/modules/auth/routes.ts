import {
  ZAccount,
  ZChangeEmailRequest,
  ZChangeEmailResponse,
  ZChangeEmailValidate,
  ZChangePasswordRequest,
  ZChangePhoneRequest,
  ZChangePhoneResponse,
  ZChangePhoneValidate,
  ZDetailResponse,
  ZLogoutAllResponse,
  ZLogoutRequest,
  ZOtpSendResponse,
  ZOtpVerifyRequest,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZPasswordResetVerify,
  ZRefreshRequest,
  ZTokenPair,
  ZTokenRequest,
} from '@tasbiq/contracts/auth';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { toAccount } from './account-view.ts';
import { requestContactChange, validateContactChange } from './contact-change-service.ts';
import { login } from './login-service.ts';
import {
  changePassword,
  confirmPasswordReset,
  requestPasswordReset,
  verifyResetToken,
} from './password-service.ts';
import { sendPhoneConfirmationCode, verifyPhoneConfirmationCode } from './phone-confirmation-service.ts';
import { logout, logoutEverywhere, refreshTokens } from './session-service.ts';

const tags = ['auth'];

/** Spec §7 Auth. HTTP only: each route parses with its contract schema and calls one service. */
export const authRoutes: AppModule = async (app, ctx) => {
  // Per-IP limit on the calls that check a secret or send a message (the per-account limits are
  // in the database). Each route counts on its own; 429 `throttled` with Retry-After.
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post(
    '/auth/token',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZTokenRequest, response: { 200: ZTokenPair } },
    },
    (request) => login(ctx, request.body, request.ip),
  );

  app.post(
    '/auth/token/refresh',
    {
      config: { access: 'public' },
      schema: { tags, body: ZRefreshRequest, response: { 200: ZTokenPair } },
    },
    (request) => refreshTokens(ctx, request.body.refresh),
  );

  // Public so that logging out works with an expired access token; the refresh token is the proof.
  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, body: ZLogoutRequest, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      await logout(ctx, request.body.refresh);
      return { detail: 'Vous avez été déconnecté.' };
    },
  );

  // "Se déconnecter partout": ends every session of the account, the caller's too (decision 026).
  app.post(
    '/auth/logout_all',
    {
      config: { skipTerms: true },
      schema: { tags, response: { 200: ZLogoutAllResponse } },
    },
    (request) => logoutEverywhere(ctx, requireSession(request)),
  );

  app.post(
    '/auth/otp',
    {
      config: { access: 'otp', rateLimit },
      schema: { tags, response: { 200: ZOtpSendResponse } },
    },
    (request) => sendPhoneConfirmationCode(ctx, requireSession(request).user),
  );

  app.post(
    '/auth/otp/verify',
    {
      config: { access: 'otp', rateLimit },
      schema: { tags, body: ZOtpVerifyRequest, response: { 200: ZTokenPair } },
    },
    (request) => {
      const session = requireSession(request);
      return verifyPhoneConfirmationCode(ctx, session.user, request.body.otp, session.sessionId);
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { skipTerms: true, rateLimit },
      schema: { tags, body: ZChangePasswordRequest, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      const session = requireSession(request);
      await changePassword(ctx, session.user, request.body, request.ip, session.sessionId);
      return { detail: 'Votre mot de passe a été modifié.' };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZPasswordResetRequest, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.username);
      return {
        detail:
          'Si un compte correspond à cet identifiant, un lien de réinitialisation vient de lui être envoyé.',
      };
    },
  );

  app.post(
    '/auth/password-reset/verify',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZPasswordResetVerify, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      await verifyResetToken(ctx, request.body.token);
      return { detail: 'Le lien est valide.' };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { access: 'public', rateLimit },
      schema: { tags, body: ZPasswordResetConfirm, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body);
      return { detail: 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.' };
    },
  );

  app.post(
    '/auth/change_phone',
    {
      config: { rateLimit },
      schema: { tags, body: ZChangePhoneRequest, response: { 200: ZChangePhoneResponse } },
    },
    (request) => requestContactChange(ctx, 'phone', requireSession(request).user, request.body.phone),
  );

  app.post(
    '/auth/change_phone/validate',
    {
      config: { rateLimit },
      schema: { tags, body: ZChangePhoneValidate, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      const session = requireSession(request);
      await validateContactChange(ctx, 'phone', session.user.id, request.body, session.sessionId);
      return { detail: 'Votre numéro de téléphone a été modifié.' };
    },
  );

  app.post(
    '/auth/change_email',
    {
      config: { rateLimit },
      schema: { tags, body: ZChangeEmailRequest, response: { 200: ZChangeEmailResponse } },
    },
    (request) => requestContactChange(ctx, 'email', requireSession(request).user, request.body.email),
  );

  app.post(
    '/auth/change_email/validate',
    {
      config: { rateLimit },
      schema: { tags, body: ZChangeEmailValidate, response: { 200: ZDetailResponse } },
    },
    async (request) => {
      const session = requireSession(request);
      await validateContactChange(ctx, 'email', session.user.id, request.body, session.sessionId);
      return { detail: 'Votre adresse e-mail a été modifiée.' };
    },
  );

  app.get(
    '/auth/account',
    {
      config: { skipTerms: true },
      schema: { tags, response: { 200: ZAccount } },
    },
    (request) => toAccount(requireSession(request)),
  );
};
