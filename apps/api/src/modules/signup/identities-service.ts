import type {
  TIdentityBulkResponse,
  TIdentityParseResponse,
  TIdentityPreviewRow,
  TNewIdentity,
  TSignupIdentity,
} from '@tasbiq/contracts/signup';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signupIdentities } from '../../db/schema/people.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { isUniqueViolation } from '../auth/auth-errors.ts';
import { deleteIdentity, findIdentity, type IdentityListRow } from './identities-queries.ts';
import { checkAgainstCompany, rowsOfFile, rowsOfList } from './identity-rows.ts';

/** Rows per INSERT: a few parameters each, well under PostgreSQL's 65,535 per statement. */
const INSERT_BATCH = 1000;

function summary(rows: TIdentityPreviewRow[]): TIdentityParseResponse {
  const errorCount = rows.filter((row) => row.errors.length > 0).length;
  return { rows, valid_count: rows.length - errorCount, error_count: errorCount };
}

/** POST /company/identities/parse_file/: what the file would create, row by row. Writes nothing. */
export async function previewIdentityFile(
  db: Db,
  companyId: number,
  file: UploadedFile | undefined,
): Promise<TIdentityParseResponse> {
  return summary(await checkAgainstCompany(db, companyId, rowsOfFile(file), 'file'));
}

/** One validation error per row problem, on the field of the row (`identities.3.serial`). */
function rowReport(rows: TIdentityPreviewRow[]): RequestValidationError {
  return new RequestValidationError(
    rows.flatMap((row) =>
      row.errors.map((error) => ({
        code: error.code,
        detail: error.detail,
        attr: `identities.${row.row}${error.attr ? `.${error.attr}` : ''}`,
      })),
    ),
  );
}

/**
 * POST /company/identities/bulk/: the same checks again (the list may be older than the preview,
 * or not come from one), then every row is created or none. The company's identities are locked
 * for the time of the check and the inserts, so two uploads at once cannot both add a matricule.
 */
export async function createIdentities(
  db: Db,
  companyId: number,
  createdBy: number,
  identities: TNewIdentity[],
): Promise<TIdentityBulkResponse> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup_identities:${companyId}`}))`);
      const rows = await checkAgainstCompany(tx, companyId, rowsOfList(identities), 'list');
      if (rows.some((row) => row.errors.length > 0)) throw rowReport(rows);
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await tx.insert(signupIdentities).values(
          rows.slice(i, i + INSERT_BATCH).map((row) => ({
            companyId,
            serial: row.serial,
            birthday: row.birthday!,
            createdBy,
          })),
        );
      }
      return { created: rows.length };
    });
  } catch (error) {
    // Only reachable if another path wrote the same matricule meanwhile: nothing was created.
    if (isUniqueViolation(error)) throw new AppError('IDENTITY_EXISTS', { attr: 'identities' });
    throw error;
  }
}

/** DELETE /company/identities/{id}/: an identity that already made an account stays (the audit of who signed up how). */
export async function removeIdentity(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const identity = await findIdentity(tx, companyId, id, { lock: true });
    if (!identity) throw notFound();
    if (identity.isUsed) throw new AppError('IDENTITY_USED', { status: 400 });
    await deleteIdentity(tx, companyId, id);
  });
}

export function serializeIdentity(row: IdentityListRow): TSignupIdentity {
  return {
    id: row.id,
    serial: row.serial,
    birthday: row.birthday,
    is_used: row.isUsed,
    employee:
      row.employeeId === null
        ? null
        : { id: row.employeeId, first_name: row.firstName ?? '', last_name: row.lastName ?? '' },
    created: toWireDateTime(row.createdAt),
  };
}
