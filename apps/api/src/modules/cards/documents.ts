/**
 * Identity documents and contracts leave only as logged, private downloads (law 09-08; decision
 * 033): to the holder, or to HR of the holder's company. Every attempt is written down, the
 * refused ones too, and the file is sent as an attachment that no browser renders as a page.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { cardDocumentDownloads } from '../../db/schema/cards.ts';

export type CardDocument = 'cin_front' | 'cin_back' | 'unsigned_contract' | 'signed_contract';

export async function logDocumentDownload(
  db: DbOrTx,
  entry: {
    companyId: number;
    employeeId: number;
    document: CardDocument;
    orderId?: number | null;
    cardId?: number | null;
    downloadedBy: number;
    outcome: 'allowed' | 'refused';
    ip: string | null;
  },
): Promise<void> {
  await db.insert(cardDocumentDownloads).values(entry);
}

export const requestIp = (request: FastifyRequest) => request.ip ?? null;
