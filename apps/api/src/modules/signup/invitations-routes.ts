import {
  ZBulkSendEmailRequest,
  ZBulkSendResponse,
  ZBulkSendSmsRequest,
  ZParseContactsRequest,
  ZParseContactsResponse,
} from '@tasbiq/contracts/signup';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { permissionDenied } from '../../lib/errors.ts';
import { parseInvitationText, sendSignupInvitations } from './invitations-service.ts';

const tags = ['signup invitations'];
const base = '/company/signup_invitation';

/** Spec §7 Company: HR checks a list of e-mails or phones, then sends them the signup link. */
export const invitationRoutes: AppModule = async (app, ctx) => {
  const hr = { roles: ['RH' as const] };

  app.post(
    `${base}/parse_emails`,
    {
      config: hr,
      schema: { tags, body: ZParseContactsRequest, response: { 200: ZParseContactsResponse } },
    },
    (request) => parseInvitationText(ctx.db, 'email', request.body.text),
  );

  app.post(
    `${base}/parse_phones`,
    {
      config: hr,
      schema: { tags, body: ZParseContactsRequest, response: { 200: ZParseContactsResponse } },
    },
    (request) => parseInvitationText(ctx.db, 'sms', request.body.text),
  );

  app.post(
    `${base}/bulk_send_signup_email`,
    {
      config: hr,
      schema: { tags, body: ZBulkSendEmailRequest, response: { 200: ZBulkSendResponse } },
    },
    (request) => {
      const { company, user } = requireSession(request);
      if (!company) throw permissionDenied();
      return sendSignupInvitations(ctx, company, user.id, 'email', request.body.emails, request.log);
    },
  );

  app.post(
    `${base}/bulk_send_signup_sms`,
    {
      config: hr,
      schema: { tags, body: ZBulkSendSmsRequest, response: { 200: ZBulkSendResponse } },
    },
    (request) => {
      const { company, user } = requireSession(request);
      if (!company) throw permissionDenied();
      return sendSignupInvitations(ctx, company, user.id, 'sms', request.body.phones, request.log);
    },
  );
};
