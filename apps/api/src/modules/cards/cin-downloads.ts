/**
 * GET /card/orders/{id}/cin/{front|back}: a CIN image, to the person it belongs to or to HR of
 * their company, and to nobody else — another employee, another company's HR get 404 exactly like
 * a missing order. Every attempt on an existing order is logged, the refused ones too (decision
 * 033). Images deleted by retention answer CIN_IMAGES_DELETED.
 */
import { isHr } from '@tasbiq/contracts/roles';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { sniffFileType } from '../../lib/multipart-form.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { logDocumentDownload, requestIp } from './documents.ts';

export async function readCinImage(
  deps: { db: DbOrTx; storage: FileStorage },
  request: FastifyRequest,
  orderId: number,
  side: 'front' | 'back',
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const session = requireSession(request);
  const [order] = await deps.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  if (!order) throw notFound();
  const sameCompany = session.company?.id === order.companyId;
  const isOwner = sameCompany && session.employee?.id === order.employeeId;
  const allowed = isOwner || (sameCompany && isHr(session.user.roles));
  await logDocumentDownload(deps.db, {
    companyId: order.companyId,
    employeeId: order.employeeId,
    document: side === 'front' ? 'cin_front' : 'cin_back',
    orderId: order.id,
    cardId: order.cardId,
    downloadedBy: session.user.id,
    outcome: allowed ? 'allowed' : 'refused',
    ip: requestIp(request),
  });
  if (!allowed) throw notFound();
  const key = side === 'front' ? order.cinFrontKey : order.cinBackKey;
  if (!key) throw new AppError('CIN_IMAGES_DELETED', { status: 404 });
  const data = await deps.storage.get(key).catch(() => {
    throw new AppError('CIN_IMAGES_DELETED', { status: 404 });
  });
  const type = sniffFileType(data);
  return {
    data,
    contentType: type?.contentType ?? 'application/octet-stream',
    fileName: `cin-${side === 'front' ? 'recto' : 'verso'}-commande-${order.id}.${type?.extension ?? 'bin'}`,
  };
}
