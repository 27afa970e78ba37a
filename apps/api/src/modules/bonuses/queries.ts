/**
 * Reads of the bonuses feature. Every query takes the company id first (tenancy); an employee's
 * own reads add their employee id. A company has hundreds of bonuses, not millions: the lists
 * count exactly.
 */
import type {
  TBonusPaymentStatus,
  TBonusRecurrence,
  TBonusStatus,
  TBonusTitle,
  TBonusType,
} from '@tasbiq/contracts/bonuses';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { employees, groups } from '../../db/schema/employees.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';

export type BonusRecord = typeof bonuses.$inferSelect;
export type BonusPaymentRecord = typeof bonusPayments.$inferSelect;

export type PersonRef = { id: number; firstName: string; lastName: string };
export type BonusRow = {
  bonus: BonusRecord;
  group: { id: number; name: string } | null;
  createdBy: PersonRef | null;
  repliedBy: PersonRef | null;
};
export type PaymentCounts = Record<TBonusPaymentStatus, number> & { paidCentimes: bigint };

const creator = alias(users, 'bonus_creator');
const replier = alias(users, 'bonus_replier');

function personOf(row: { id: number | null; firstName: string | null; lastName: string | null }) {
  return row.id === null
    ? null
    : { id: row.id, firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}

const rowColumns = {
  bonus: bonuses,
  groupId: groups.id,
  groupName: groups.name,
  creatorId: creator.id,
  creatorFirst: creator.firstName,
  creatorLast: creator.lastName,
  replierId: replier.id,
  replierFirst: replier.firstName,
  replierLast: replier.lastName,
};

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(bonuses)
    .leftJoin(groups, eq(groups.id, bonuses.groupId))
    .leftJoin(creator, eq(creator.id, bonuses.createdBy))
    .leftJoin(replier, eq(replier.id, bonuses.repliedBy));
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
function toBonusRow(r: RawRow): BonusRow {
  return {
    bonus: r.bonus,
    group: r.groupId === null ? null : { id: r.groupId, name: r.groupName ?? '' },
    createdBy: personOf({ id: r.creatorId, firstName: r.creatorFirst, lastName: r.creatorLast }),
    repliedBy: personOf({ id: r.replierId, firstName: r.replierFirst, lastName: r.replierLast }),
  };
}

/** One bonus of the company with its people, or null (another company's looks missing). */
export async function findBonusRow(db: DbOrTx, companyId: number, bonusId: number): Promise<BonusRow | null> {
  const [row] = await selectRows(db).where(and(eq(bonuses.companyId, companyId), eq(bonuses.id, bonusId)));
  return row ? toBonusRow(row) : null;
}

export type BonusFilters = {
  status?: TBonusStatus[];
  type?: TBonusType;
  title?: TBonusTitle[];
  recurrenceType?: TBonusRecurrence[];
  isSaved?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  /** Bonuses that have this employee among their beneficiaries. */
  employeeId?: number;
  search?: string[];
  ordering?: string;
};

function whereOf(db: DbOrTx, companyId: number, filters: BonusFilters): SQL {
  const nonEmpty = <T>(values: T[]) => (values.length > 0 ? values : (['' as never] as T[]));
  return and(
    eq(bonuses.companyId, companyId),
    filters.status ? inArray(bonuses.status, nonEmpty(filters.status)) : undefined,
    filters.type ? eq(bonuses.type, filters.type) : undefined,
    filters.title ? inArray(bonuses.title, nonEmpty(filters.title)) : undefined,
    filters.recurrenceType ? inArray(bonuses.recurrenceType, nonEmpty(filters.recurrenceType)) : undefined,
    filters.isSaved === undefined ? undefined : eq(bonuses.isSaved, filters.isSaved),
    dateRangeCondition(bonuses.createdAt, filters.createdAfter, filters.createdBefore),
    filters.employeeId === undefined
      ? undefined
      : inArray(
          bonuses.id,
          db
            .select({ id: bonusPayments.bonusId })
            .from(bonusPayments)
            .where(
              and(eq(bonusPayments.companyId, companyId), eq(bonusPayments.employeeId, filters.employeeId)),
            ),
        ),
    searchCondition(filters.search, [bonuses.customTitle, bonuses.comment, bonuses.title]),
  )!;
}

export async function listBonuses(
  db: DbOrTx,
  companyId: number,
  filters: BonusFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: BonusRow[] }> {
  const where = whereOf(db, companyId, filters);
  const [total] = await db.select({ value: count() }).from(bonuses).where(where);
  const order = orderingClause(
    filters.ordering,
    {
      created: bonuses.createdAt,
      total_amount: bonuses.totalCentimes,
      status: bonuses.status,
      beneficiaries_count: bonuses.beneficiariesCount,
    },
    [desc(bonuses.createdAt), desc(bonuses.id)],
  );
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.value ?? 0, rows: rows.map(toBonusRow) };
}

const EMPTY_COUNTS = (): PaymentCounts => ({
  pending: 0,
  refused: 0,
  confirmed: 0,
  processing: 0,
  executed: 0,
  failed: 0,
  paidCentimes: 0n,
});

/** Beneficiaries per status (and the amount paid) of each bonus, in one grouped query. */
export async function paymentCountsOf(db: DbOrTx, bonusIds: number[]): Promise<Map<number, PaymentCounts>> {
  const result = new Map<number, PaymentCounts>();
  if (bonusIds.length === 0) return result;
  const rows = await db
    .select({
      bonusId: bonusPayments.bonusId,
      status: bonusPayments.status,
      n: count(),
      sum: sql<string>`coalesce(sum(${bonusPayments.amountCentimes}), 0)`,
    })
    .from(bonusPayments)
    .where(inArray(bonusPayments.bonusId, bonusIds))
    .groupBy(bonusPayments.bonusId, bonusPayments.status);
  for (const row of rows) {
    const counts = result.get(row.bonusId) ?? EMPTY_COUNTS();
    counts[row.status] = Number(row.n);
    if (row.status === 'executed') counts.paidCentimes = BigInt(row.sum);
    result.set(row.bonusId, counts);
  }
  for (const id of bonusIds) if (!result.has(id)) result.set(id, EMPTY_COUNTS());
  return result;
}

export type BeneficiaryRow = {
  payment: BonusPaymentRecord;
  employee: { id: number; firstName: string; lastName: string; serial: string | null; cin: string | null };
};

const beneficiaryColumns = {
  payment: bonusPayments,
  employeeId: employees.id,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
  cin: users.cin,
};

/** The beneficiaries of one bonus (already checked to be the company's), by name. */
export async function listBeneficiaries(
  db: DbOrTx,
  companyId: number,
  bonusId: number,
  filters: { status?: TBonusPaymentStatus[]; search?: string[] },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: BeneficiaryRow[] }> {
  const where = and(
    eq(bonusPayments.companyId, companyId),
    eq(bonusPayments.bonusId, bonusId),
    filters.status
      ? inArray(bonusPayments.status, filters.status.length > 0 ? filters.status : ['' as never])
      : undefined,
    searchCondition(filters.search, [users.firstName, users.lastName, users.cin, employees.serial]),
  );
  const [total] = await db
    .select({ value: count() })
    .from(bonusPayments)
    .innerJoin(employees, eq(employees.id, bonusPayments.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where);
  const rows = await db
    .select(beneficiaryColumns)
    .from(bonusPayments)
    .innerJoin(employees, eq(employees.id, bonusPayments.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where)
    .orderBy(users.lastName, users.firstName, bonusPayments.id)
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.value ?? 0,
    rows: rows.map((r) => ({
      payment: r.payment,
      employee: {
        id: r.employeeId,
        firstName: r.firstName,
        lastName: r.lastName,
        serial: r.serial,
        cin: r.cin,
      },
    })),
  };
}

/** An employee's own bonus payments that were confirmed (to pay, paid or failed), newest first. */
export async function listOwnPayments(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
  options: { unseenOnly?: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(bonusPayments.companyId, companyId),
    eq(bonusPayments.employeeId, employeeId),
    options.unseenOnly
      ? and(eq(bonusPayments.status, 'executed'), eq(bonusPayments.isSeen, false))
      : inArray(bonusPayments.status, ['confirmed', 'processing', 'executed', 'failed']),
  );
  const [total] = await db.select({ value: count() }).from(bonusPayments).where(where);
  const rows = await db
    .select({
      payment: bonusPayments,
      bonus: { id: bonuses.id, title: bonuses.title, customTitle: bonuses.customTitle },
    })
    .from(bonusPayments)
    .innerJoin(bonuses, eq(bonuses.id, bonusPayments.bonusId))
    .where(where)
    .orderBy(desc(bonusPayments.createdAt), desc(bonusPayments.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.value ?? 0, rows };
}
export type OwnPaymentRow = Awaited<ReturnType<typeof listOwnPayments>>['rows'][number];

export type CompanyEmployee = {
  id: number;
  isActive: boolean;
  firstName: string;
  lastName: string;
  serial: string | null;
  cin: string | null;
  groupId: number | null;
};

const companyEmployeeColumns = {
  id: employees.id,
  isActive: employees.isActive,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
  cin: users.cin,
  groupId: employees.groupId,
};

/** The company's employees among `ids` (another company's are simply not returned). */
export async function findCompanyEmployees(
  db: DbOrTx,
  companyId: number,
  ids: number[],
): Promise<CompanyEmployee[]> {
  if (ids.length === 0) return [];
  return db
    .select(companyEmployeeColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)));
}

/** Active employees of the company, or of one of its groups: the beneficiaries of `all` / `group`. */
export async function activeEmployeeIds(db: DbOrTx, companyId: number, groupId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.isActive, true),
        groupId === undefined ? undefined : eq(employees.groupId, groupId),
      ),
    )
    .orderBy(employees.id);
  return rows.map((r) => r.id);
}

/** Employees of the company whose CIN (any case) or matricule is among `identifiers`. */
export async function employeesByIdentifier(
  db: DbOrTx,
  companyId: number,
  identifiers: string[],
): Promise<CompanyEmployee[]> {
  if (identifiers.length === 0) return [];
  const upper = [...new Set(identifiers.map((i) => i.toUpperCase()))];
  const exact = [...new Set(identifiers)];
  return db
    .select(companyEmployeeColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        or(inArray(sql`upper(${users.cin})`, upper), inArray(employees.serial, exact)),
      ),
    );
}

export async function groupOfCompany(db: DbOrTx, companyId: number, groupId: number) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)));
  return row ?? null;
}
