/** All tables, one file per domain under schema/. drizzle-kit reads this list. */

export * from './schema/accounts.ts';
export * from './schema/audit.ts';
export * from './schema/auth.ts';
export * from './schema/bills.ts';
export * from './schema/bonuses.ts';
export * from './schema/cards.ts';
export * from './schema/companies.ts';
export * from './schema/content.ts';
export * from './schema/employees.ts';
export * from './schema/expense-policy.ts';
export * from './schema/expenses.ts';
export * from './schema/ledger.ts';
export * from './schema/mission-orders.ts';
export * from './schema/money.ts';
export * from './schema/notifications.ts';
export * from './schema/outbox.ts';
export * from './schema/payslips.ts';
export * from './schema/people.ts';
export * from './schema/platform.ts';
export * from './schema/transfers.ts';
