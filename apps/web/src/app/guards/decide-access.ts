import type { TAccount } from '@tasbiq/contracts/auth';
import { FEATURE_FLAGS, type Feature } from '@tasbiq/contracts/feature-flags';
import { isDrh, isHr } from '@tasbiq/contracts/roles';
import type { TSettings } from '@tasbiq/contracts/settings';

/**
 * What a route asks of the visitor (spec §2 "Other paths and guards").
 * `anyFeature` is satisfied when at least one of the listed features is on
 * (historique needs recharges OR advances); an empty or missing list means no feature condition.
 */
export type RouteRequirement =
  | { area: 'public' }
  | { area: 'guest' }
  | { area: 'employee'; anyFeature?: readonly Feature[] }
  | { area: 'hr'; anyFeature?: readonly Feature[]; drhOnly?: boolean };

export type SessionSnapshot = {
  isAuthenticated: boolean;
  account: TAccount | null;
  settings: TSettings | null;
};

export type RedirectPath = '/' | '/login' | '/404';
export type AccessDecision = 'allow' | RedirectPath;

export function isEmployee(account: TAccount | null): boolean {
  return account?.company != null;
}

export function isFeatureEnabled(settings: TSettings | null, feature: Feature): boolean {
  return settings?.[FEATURE_FLAGS[feature]] === true;
}

function hasAnyFeature(settings: TSettings | null, features: readonly Feature[] | undefined): boolean {
  if (!features || features.length === 0) return true;
  return features.some((feature) => isFeatureEnabled(settings, feature));
}

/**
 * The whole guard policy as one pure function, so every rule is unit-tested in isolation.
 * The caller must wait for the account and settings of an authenticated visitor before asking.
 */
export function decideAccess(requirement: RouteRequirement, session: SessionSnapshot): AccessDecision {
  switch (requirement.area) {
    case 'public':
      return 'allow';
    case 'guest':
      return session.isAuthenticated ? '/' : 'allow';
    case 'employee': {
      if (!session.isAuthenticated) return '/login';
      if (!isEmployee(session.account)) return '/404';
      if (!hasAnyFeature(session.settings, requirement.anyFeature)) return '/404';
      return 'allow';
    }
    case 'hr': {
      if (!session.isAuthenticated) return '/login';
      if (!session.account || !isHr(session.account.roles)) return '/';
      if (requirement.drhOnly && !isDrh(session.account.roles)) return '/404';
      if (!hasAnyFeature(session.settings, requirement.anyFeature)) return '/404';
      return 'allow';
    }
  }
}
