/**
 * Atlas's expense ceilings per day for the demo (issue 15): the same for every group and for the
 * ungrouped, so any demo employee sees them on /expenses; train and plane left unlimited.
 */
import { EXPENSE_CATEGORIES, type TExpenseCategory } from '@tasbiq/contracts/expenses';
import { eq } from 'drizzle-orm';
import { saveCeilings } from '../../modules/expenses/policy-service.ts';
import type { DbOrTx } from '../client.ts';
import { groups } from '../schema/employees.ts';

export const DEMO_DAILY_CEILINGS: Record<TExpenseCategory, string | null> = {
  food: '150',
  hotel: '800',
  bank: '50',
  phone: '100',
  'gas-station': '500',
  train: null,
  plane: null,
};

export async function seedExpenseCeilings(db: DbOrTx, companyId: number): Promise<void> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, companyId));
  const scopes = [null, ...rows.map((g) => g.id)];
  await saveCeilings(
    db,
    { companyId, userId: null, now: new Date(), recordHistory: false },
    {
      items: scopes.flatMap((group) =>
        EXPENSE_CATEGORIES.map((category) => ({
          group,
          category,
          ceiling: DEMO_DAILY_CEILINGS[category] === null ? null : `${DEMO_DAILY_CEILINGS[category]}.00`,
        })),
      ),
    },
  );
}
