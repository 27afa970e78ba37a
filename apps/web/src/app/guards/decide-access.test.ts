import { describe, expect, it } from 'vitest';
import { makeAccount, makeSettings } from '../testing/fixtures';
import { decideAccess, type SessionSnapshot } from './decide-access';

const anonymous: SessionSnapshot = { isAuthenticated: false, account: null, settings: null };
const employee: SessionSnapshot = { isAuthenticated: true, account: makeAccount(), settings: makeSettings() };
const rh: SessionSnapshot = { ...employee, account: makeAccount({ roles: ['RH'] }) };
const drh: SessionSnapshot = { ...employee, account: makeAccount({ roles: ['DRH'] }) };
const nonEmployee: SessionSnapshot = { ...employee, account: makeAccount({ company: null }) };

function withSettings(
  session: SessionSnapshot,
  overrides: Parameters<typeof makeSettings>[0],
): SessionSnapshot {
  return { ...session, settings: makeSettings(overrides) };
}

describe('decideAccess', () => {
  describe('public pages', () => {
    it('lets everyone in', () => {
      expect(decideAccess({ area: 'public' }, anonymous)).toBe('allow');
      expect(decideAccess({ area: 'public' }, employee)).toBe('allow');
    });
  });

  describe('unauthenticated-only pages (/login, /reset, /onboarding)', () => {
    it('lets an anonymous visitor in', () => {
      expect(decideAccess({ area: 'guest' }, anonymous)).toBe('allow');
    });
    it('sends a logged-in visitor home', () => {
      expect(decideAccess({ area: 'guest' }, employee)).toBe('/');
      expect(decideAccess({ area: 'guest' }, rh)).toBe('/');
      expect(decideAccess({ area: 'guest' }, nonEmployee)).toBe('/');
    });
  });

  describe('employee area', () => {
    it('sends an anonymous visitor to /login', () => {
      expect(decideAccess({ area: 'employee' }, anonymous)).toBe('/login');
      expect(decideAccess({ area: 'employee', anyFeature: ['advances'] }, anonymous)).toBe('/login');
    });
    it('lets an employee in', () => {
      expect(decideAccess({ area: 'employee' }, employee)).toBe('allow');
    });
    it('lets an HR employee in too', () => {
      expect(decideAccess({ area: 'employee' }, rh)).toBe('allow');
    });
    it('sends a non-employee (no company) to /404', () => {
      expect(decideAccess({ area: 'employee' }, nonEmployee)).toBe('/404');
      expect(decideAccess({ area: 'employee' }, { ...employee, account: null })).toBe('/404');
    });
    it('sends a visitor to /404 when the feature is off', () => {
      const session = withSettings(employee, { advances_enabled: false });
      expect(decideAccess({ area: 'employee', anyFeature: ['advances'] }, session)).toBe('/404');
    });
    it('allows when the feature is on', () => {
      expect(decideAccess({ area: 'employee', anyFeature: ['advances'] }, employee)).toBe('allow');
    });
    it('treats missing settings as every feature off', () => {
      const session = { ...employee, settings: null };
      expect(decideAccess({ area: 'employee', anyFeature: ['fiches'] }, session)).toBe('/404');
      expect(decideAccess({ area: 'employee' }, session)).toBe('allow');
    });
    it('allows historique when recharges OR advances is on', () => {
      const historique = { area: 'employee', anyFeature: ['recharges', 'advances'] } as const;
      const both = withSettings(employee, {});
      const onlyRecharges = withSettings(employee, { advances_enabled: false });
      const onlyAdvances = withSettings(employee, { recharges_enabled: false });
      const none = withSettings(employee, { advances_enabled: false, recharges_enabled: false });
      expect(decideAccess(historique, both)).toBe('allow');
      expect(decideAccess(historique, onlyRecharges)).toBe('allow');
      expect(decideAccess(historique, onlyAdvances)).toBe('allow');
      expect(decideAccess(historique, none)).toBe('/404');
    });
    it('treats an empty feature list as no condition', () => {
      const allOff = withSettings(employee, {
        advances_enabled: false,
        recharges_enabled: false,
        fiches_enabled: false,
        cards_enabled: false,
        bonuses_enabled: false,
        expenses_enabled: false,
      });
      expect(decideAccess({ area: 'employee', anyFeature: [] }, allOff)).toBe('allow');
    });
    it('checks the anonymous rule before the feature rule', () => {
      expect(decideAccess({ area: 'employee', anyFeature: ['advances'] }, anonymous)).toBe('/login');
    });
  });

  describe('HR area', () => {
    it('sends an anonymous visitor to /login', () => {
      expect(decideAccess({ area: 'hr' }, anonymous)).toBe('/login');
      expect(decideAccess({ area: 'hr', drhOnly: true }, anonymous)).toBe('/login');
    });
    it('sends a non-HR employee to /', () => {
      expect(decideAccess({ area: 'hr' }, employee)).toBe('/');
      expect(decideAccess({ area: 'hr', anyFeature: ['fiches'] }, employee)).toBe('/');
      expect(decideAccess({ area: 'hr', drhOnly: true }, employee)).toBe('/');
    });
    it('lets RH and DRH in', () => {
      expect(decideAccess({ area: 'hr' }, rh)).toBe('allow');
      expect(decideAccess({ area: 'hr' }, drh)).toBe('allow');
    });
    it('sends HR to /404 when the feature is off', () => {
      const session = withSettings(rh, { bonuses_enabled: false });
      expect(decideAccess({ area: 'hr', anyFeature: ['bonuses'] }, session)).toBe('/404');
      expect(decideAccess({ area: 'hr' }, session)).toBe('allow');
    });
    it('keeps DRH-only pages from RH with /404', () => {
      expect(decideAccess({ area: 'hr', drhOnly: true, anyFeature: ['expenses'] }, rh)).toBe('/404');
    });
    it('opens DRH-only pages to the DRH when the feature is on', () => {
      expect(decideAccess({ area: 'hr', drhOnly: true, anyFeature: ['expenses'] }, drh)).toBe('allow');
    });
    it('closes DRH-only pages to the DRH when the feature is off', () => {
      const session = withSettings(drh, { expenses_enabled: false });
      expect(decideAccess({ area: 'hr', drhOnly: true, anyFeature: ['expenses'] }, session)).toBe('/404');
    });
    it('accepts an account holding both roles', () => {
      const both = { ...employee, account: makeAccount({ roles: ['RH', 'DRH'] }) };
      expect(decideAccess({ area: 'hr', drhOnly: true }, both)).toBe('allow');
    });
    it('ignores unknown roles', () => {
      const other = { ...employee, account: makeAccount({ roles: ['ADMIN'] }) };
      expect(decideAccess({ area: 'hr' }, other)).toBe('/');
    });
  });
});
