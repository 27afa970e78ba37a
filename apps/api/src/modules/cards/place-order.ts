/**
 * Placing a card order (POST /card/order/ and POST /onboarding/): the images are stored privately,
 * the order is recorded `checking`, and the CIN check runs in a background job (check-job.ts) —
 * never on the request thread. The answer is the order; the screen polls its progress.
 */
import type { TCardOrder } from '@tasbiq/contracts/cards';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sendCinCheck } from './check-job.ts';
import type { CinImage } from './order-intake.ts';
import { createCardOrder, refuseSecondOrder } from './order-service.ts';
import { serializeCardOrder } from './serialize.ts';

export type PlaceOrderInput = {
  companyId: number;
  employeeId: number;
  phone: string;
  fields: { city: number; address: string; area: string; zip: string };
  front: CinImage;
  back: CinImage;
  onboardingTokenId?: number;
  alsoInTransaction?: (tx: DbOrTx) => Promise<void>;
};

export async function placeCardOrder(
  ctx: AppContext,
  input: PlaceOrderInput,
  log: { error(object: object, message: string): void },
): Promise<TCardOrder> {
  // Refuse before storing anything (the transaction checks again under the employee's lock).
  await refuseSecondOrder(ctx.db, input.companyId, input.employeeId);
  const keys: string[] = [];
  try {
    keys.push(await ctx.storage.put(input.front.data, { prefix: 'cin', extension: input.front.extension }));
    keys.push(await ctx.storage.put(input.back.data, { prefix: 'cin', extension: input.back.extension }));
    const order = await createCardOrder(
      ctx.db,
      {
        companyId: input.companyId,
        employeeId: input.employeeId,
        cityId: input.fields.city,
        address: input.fields.address,
        area: input.fields.area,
        zip: input.fields.zip,
        phone: input.phone,
        cinFrontKey: keys[0]!,
        cinBackKey: keys[1]!,
        onboardingTokenId: input.onboardingTokenId ?? null,
      },
      input.alsoInTransaction,
    );
    // After the commit. A lost send is picked up by the sweeper.
    await sendCinCheck(ctx.jobs, order.id).catch((error) =>
      log.error({ err: error, orderId: order.id }, 'CIN check job not queued'),
    );
    return serializeCardOrder(order);
  } catch (error) {
    for (const key of keys) await ctx.storage.delete(key);
    throw error;
  }
}
