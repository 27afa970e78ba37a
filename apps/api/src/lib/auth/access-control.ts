import { isDrh, isHr, type Role } from '@tasbiq/contracts/roles';
import { FEATURE_FLAGS, type Feature } from '@tasbiq/contracts/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, notAuthenticated, permissionDenied, tokenNotValid } from '../errors.ts';
import { type CompanyRow, loadSession, type Session } from './session.ts';
import type { SessionCache } from './session-cache.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

/**
 * Who may call a route, declared on the route itself (`config`), enforced here once:
 * - `access`: 'public' (no token), 'optional' (token read if present), 'otp' (a token issued
 *   before the phone was confirmed is enough), 'private' (default).
 * - `roles`: any of these roles (RH, DRH). `employee`: the account must belong to a company.
 * - `feature`: the company's flag must be on, else 403 permission_denied.
 * - `skipTerms`: reachable before the latest terms are accepted.
 */
export type AccessConfig = {
  access?: 'public' | 'optional' | 'otp' | 'private';
  roles?: Role[];
  employee?: boolean;
  feature?: Feature;
  skipTerms?: boolean;
  /**
   * A POST that writes nothing (a simulation): its answer does not wait for this process to have
   * seen the session changes it made (app.ts, decision 028), since it made none.
   */
  readOnly?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig extends AccessConfig {}
  interface FastifyRequest {
    session: Session | null;
  }
}

export function isFeatureEnabled(company: CompanyRow, feature: Feature): boolean {
  const flag = FEATURE_FLAGS[feature];
  const map: Record<typeof flag, boolean> = {
    advances_enabled: company.advancesEnabled,
    recharges_enabled: company.rechargesEnabled,
    fiches_enabled: company.fichesEnabled,
    cards_enabled: company.cardsEnabled,
    bonuses_enabled: company.bonusesEnabled,
    expenses_enabled: company.expensesEnabled,
    eprogram_enabled: company.eprogramEnabled,
    transfers_enabled: company.transfersEnabled,
    bills_enabled: company.billsEnabled,
  };
  return map[flag];
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The caller's session: from the in-process cache when it serves (PostgreSQL with its
 * invalidation channel listening, decision 028), else one query. Only open sessions are cached.
 */
async function sessionOf(db: Db, cache: SessionCache | null, claims: TokenClaims) {
  const cached = cache?.get(claims.sessionId, claims.userId);
  if (cached) return { ...cached, scope: claims.scope };
  const generation = cache?.generation() ?? 0;
  const session = await loadSession(db, claims.userId, claims.scope, claims.sessionId);
  if (cache && session && session !== 'ended') {
    const { scope: _scope, ...rest } = session;
    cache.set(rest, generation);
  }
  return session;
}

export function installAccessControl(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; sessionCache: SessionCache | null },
): void {
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config ?? {};
    const access = config.access ?? 'private';
    // Only the API is guarded: the web app's files and its client-side routes are public.
    const route = request.routeOptions.url;
    if (access === 'public' || !route || !route.startsWith('/api')) return;

    const token = bearerOf(request);
    if (!token) {
      if (access === 'optional') return;
      throw notAuthenticated();
    }
    const claims = await deps.tokens.verify(token, 'access');
    const session = await sessionOf(deps.db, deps.sessionCache, claims);
    if (!session) throw new AppError('token_not_valid', { status: 401, detail: 'Utilisateur introuvable.' });
    // Logout, password change or reset, "se déconnecter partout": refused at once, not 5 min later.
    if (session === 'ended') throw tokenNotValid('Cette session a pris fin. Veuillez vous reconnecter.');
    if (!session.user.isActive) throw new AppError('inactive_account', { status: 403 });
    if (session.company && !session.company.isActive)
      throw new AppError('ACCOUNT_INACTIVE_COMPANY', { status: 403 });
    request.session = session;

    if (session.scope === 'otp' && access !== 'otp')
      throw new AppError('phone_not_confirmed', { status: 403 });
    if (!config.skipTerms && access !== 'otp' && !session.hasAcceptedLatestTerms) {
      throw new AppError('terms_not_accepted', { status: 403 });
    }
    if (config.roles) {
      const allowed = config.roles.some((role) =>
        role === 'DRH' ? isDrh(session.user.roles) : isHr(session.user.roles),
      );
      if (!allowed || !session.company) throw permissionDenied();
    }
    if ((config.employee || config.feature) && !session.company) throw permissionDenied();
    if (config.feature && session.company && !isFeatureEnabled(session.company, config.feature)) {
      throw permissionDenied();
    }
  });
}

/** The caller's session on a private route (the hook guarantees it). */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw notAuthenticated();
  return request.session;
}

/** The caller's company id; a request's tenant always comes from its token, never its body. */
export function companyIdOf(request: FastifyRequest): number {
  const session = requireSession(request);
  if (!session.company) throw permissionDenied();
  return session.company.id;
}
