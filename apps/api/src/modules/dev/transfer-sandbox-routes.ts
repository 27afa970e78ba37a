import { ZSandboxCollectRequest } from '@tasbiq/contracts/transfers';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { localCallersOnly } from './outbox-routes.ts';

/**
 * The sandbox transfer network's agency counter: POST /api/dev/transfers/collect {code} pays out
 * the available transfer holding that SMS code, as an agency would, and the network's callback
 * records it collected. Like the outbox: never mounted in production, loopback callers only.
 */
export const devTransferSandboxRoutes: AppModule = async (app, { moneyTransfer }) => {
  app.post(
    '/dev/transfers/collect',
    {
      config: { access: 'public' },
      onRequest: localCallersOnly('Le guichet de test ne répond qu’aux appels de cette machine.'),
      schema: {
        tags: ['dev'],
        body: ZSandboxCollectRequest,
        response: { 200: z.object({ reference: z.string() }) },
      },
    },
    async (request) => {
      const reference = await moneyTransfer.sandbox?.collect(request.body.code);
      if (!reference) throw new AppError('TRANSFER_CODE_UNKNOWN', { status: 404 });
      return { reference };
    },
  );
};
