import { ZAcceptTermsRequest, ZTerms } from '@tasbiq/contracts/terms';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { notFound } from '../../lib/errors.ts';
import { findLatestTerms, hasAcceptedTerms } from './queries.ts';
import { acceptLatestTerms, serializeTerms } from './service.ts';

/**
 * Terms of use. Both calls skip the terms gate (they are how a blocked account gets unblocked):
 * the web app opens its modal on `terms_not_accepted`, reads /terms/latest, posts the id, retries.
 */
export const termsRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/terms/latest',
    {
      config: { skipTerms: true },
      schema: { tags: ['terms'], response: { 200: ZTerms } },
    },
    async (request) => {
      const { user } = requireSession(request);
      const latest = await findLatestTerms(db);
      if (!latest) throw notFound();
      return serializeTerms(latest, await hasAcceptedTerms(db, user.id, latest.id));
    },
  );

  /** Answers the accepted terms (200, also when they were already accepted: the call is idempotent). */
  app.post(
    '/terms',
    {
      config: { skipTerms: true },
      schema: { tags: ['terms'], body: ZAcceptTermsRequest, response: { 200: ZTerms } },
    },
    async (request) => {
      const { user } = requireSession(request);
      const accepted = await acceptLatestTerms(db, user.id, request.body.terms);
      return serializeTerms(accepted, true);
    },
  );
};
