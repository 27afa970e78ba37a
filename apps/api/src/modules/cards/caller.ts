import type { FastifyRequest } from 'fastify';
import { companyIdOf, requireSession } from '../../lib/auth/access-control.ts';
import { permissionDenied } from '../../lib/errors.ts';
import type { CardCaller } from './service.ts';

/** The caller as a card holder: their account and employment record (403 without one). */
export function cardCallerOf(request: FastifyRequest): CardCaller {
  const session = requireSession(request);
  if (!session.employee) throw permissionDenied();
  return { userId: session.user.id, companyId: companyIdOf(request), employeeId: session.employee.id };
}
