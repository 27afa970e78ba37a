/** Saved recipients (issue 16): an employee's own list, at most TRANSFER_RECIPIENTS_MAX, one per phone. */
import {
  TRANSFER_RECIPIENTS_MAX,
  type TTransferRecipient,
  type ZTransferRecipientRequest,
} from '@tasbiq/contracts/transfers';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transferRecipients } from '../../db/schema/transfers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockEmployee } from '../spending/state.ts';
import { countRecipients } from './queries.ts';
import { serializeRecipient } from './serialize.ts';

type Owner = { employeeId: number; companyId: number };

export async function addRecipient(
  db: Db,
  owner: Owner,
  input: z.output<typeof ZTransferRecipientRequest>,
): Promise<TTransferRecipient> {
  return db.transaction(async (tx) => {
    // Serialises one employee's additions, so two at once cannot pass the limit together.
    await lockEmployee(tx, owner.employeeId);
    if ((await countRecipients(tx, owner.employeeId)) >= TRANSFER_RECIPIENTS_MAX)
      throw new AppError('TRANSFER_RECIPIENTS_LIMIT', { status: 400 });
    const [row] = await tx
      .insert(transferRecipients)
      .values({ ...owner, name: input.name, phone: input.phone })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('TRANSFER_RECIPIENT_EXISTS', { status: 400, attr: 'phone' });
    return serializeRecipient(row);
  });
}

export async function removeRecipient(db: Db, owner: Owner, id: number): Promise<void> {
  const removed = await db
    .delete(transferRecipients)
    .where(
      and(
        eq(transferRecipients.id, id),
        eq(transferRecipients.employeeId, owner.employeeId),
        eq(transferRecipients.companyId, owner.companyId),
      ),
    )
    .returning({ id: transferRecipients.id });
  if (removed.length === 0) throw notFound();
}
