export const ROLES = ['RH', 'DRH'] as const;
export type Role = (typeof ROLES)[number];

export function isHr(roles: readonly string[]): boolean {
  return roles.includes('RH') || roles.includes('DRH');
}
export function isDrh(roles: readonly string[]): boolean {
  return roles.includes('DRH');
}
