import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * One upload of the payroll PDF (spec §3 "Extraction job", issue 12). The background job reads
 * `pages_total` pages in chunks; `pages_read` is the resume point: every page before it belongs
 * to a slip already written (the open slip at a chunk's end is re-read with the next chunk), so a
 * restart resumes there and never writes a slip twice (decision 034).
 */
export const payslipJobs = pgTable(
  'payslip_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: integer('created_by').references(() => users.id),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** in_progress → finished, or failed when the file cannot be read at all. */
    status: text('status').notNull().default('in_progress'),
    pagesTotal: integer('pages_total').notNull(),
    pagesRead: integer('pages_read').notNull().default(0),
    replacedCount: integer('replaced_count').notNull().default(0),
    alreadyApprovedCount: integer('already_approved_count').notNull().default(0),
    /**
     * Failures of the step that starts at `pages_read`, back to 0 when it moves: after
     * PAYSLIP_STEP_MAX_ATTEMPTS the job is `failed` with a French `error` (decision 034).
     */
    stepAttempts: integer('step_attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every chunk: a job in progress that has not moved for a while lost its worker. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('payslip_jobs_company_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('payslip_jobs_in_progress_idx').on(t.updatedAt).where(sql`${t.status} = 'in_progress'`),
    check('payslip_jobs_status', sql`${t.status} in ('in_progress', 'finished', 'failed')`),
  ],
);

/**
 * One employee's slip of one period, cut out of a job's PDF (its pages copied into `file_key`).
 * Figures are what the slip prints, in centimes, null when not found. Only `approved` slips are
 * visible to the employee; the approved `net_centimes` feeds balance method 3 (decision 035).
 */
export const payslips = pgTable(
  'payslips',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => payslipJobs.id),
    employeeId: integer('employee_id').references(() => employees.id),
    /** What the page said, for HR to check the match. */
    readCin: text('read_cin'),
    readSerial: text('read_serial'),
    readName: text('read_name'),
    matchMethod: text('match_method'),
    confidence: integer('confidence').notNull().default(0),
    unmatchedReason: text('unmatched_reason'),
    periodMonth: integer('period_month'),
    periodYear: integer('period_year'),
    /** 1-based page of the job's PDF where the slip starts; unique per job (resume never doubles). */
    firstPage: integer('first_page').notNull(),
    pageCount: integer('page_count').notNull(),
    scanned: boolean('scanned').notNull().default(false),
    fileKey: text('file_key').notNull(),
    status: text('status').notNull(),
    grossCentimes: bigint('gross_centimes', { mode: 'bigint' }),
    netCentimes: bigint('net_centimes', { mode: 'bigint' }),
    cnssCentimes: bigint('cnss_centimes', { mode: 'bigint' }),
    amoCentimes: bigint('amo_centimes', { mode: 'bigint' }),
    irCentimes: bigint('ir_centimes', { mode: 'bigint' }),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payslips_job_page_unique').on(t.jobId, t.firstPage),
    index('payslips_company_period_idx').on(t.companyId, t.periodYear, t.periodMonth, t.id),
    index('payslips_employee_idx').on(t.employeeId, t.periodYear, t.periodMonth),
    check(
      'payslips_status',
      sql`${t.status} in ('unmatched', 'pending', 'approved', 'discarded', 'replaced')`,
    ),
    check('payslips_approved_has_employee', sql`${t.status} <> 'approved' or ${t.employeeId} is not null`),
  ],
);

/** Every download of a slip's PDF (personal data): who, when, as employee or HR. */
export const payslipDownloads = pgTable(
  'payslip_downloads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    payslipId: integer('payslip_id')
      .notNull()
      .references(() => payslips.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'employee' (their own slip) or 'hr' (preview or download from the HR screens). */
    audience: text('audience').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payslip_downloads_payslip_idx').on(t.payslipId)],
);
