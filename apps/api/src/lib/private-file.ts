/**
 * A private download (law 09-08; decision 033): sent as an attachment that no browser renders as
 * a page, never cached, its type not sniffed.
 */
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './multipart-form.ts';

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
