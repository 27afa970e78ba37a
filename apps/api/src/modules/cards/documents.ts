/**
 * Identity documents and contracts leave only as logged, private downloads (law 09-08; decision
 * 033): to the holder, or to HR of the holder's company. Every attempt is written down, the
 * refused ones too, and the file is sent as an attachment that no browser renders as a page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { cardDocumentDownloads } from '../../db/schema/cards.ts';
import { attachmentDisposition } from '../../lib/multipart-form.ts';

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

export function sendPrivateFile(
  reply: FastifyReply,
  data: Buffer | Uint8Array,
  contentType: string,
  fileName: string,
  extraHeaders: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(data));
}

export const requestIp = (request: FastifyRequest) => request.ip ?? null;
