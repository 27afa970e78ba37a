import type { ComponentType } from 'react';
import type { RouteRequirement, SessionSnapshot } from '../guards/decide-access.ts';
import { decideAccess } from '../guards/decide-access.ts';

export type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  requirement: RouteRequirement;
  /** Active only on this exact path (home, dashboard). */
  end?: boolean;
};

/** A menu shows exactly the links its guards would let through. */
export function visibleNavItems(items: readonly NavItem[], session: SessionSnapshot): NavItem[] {
  return items.filter((item) => decideAccess(item.requirement, session) === 'allow');
}
