import {
  MAX_REPORTED_ERRORS,
  type TImportFailedBody,
  type TImportReport,
  type TImportRowError,
} from '@tasbiq/contracts/employee-imports';
import { ERROR_MESSAGES_FR, formatTemplate, VALIDATION_MESSAGES_FR } from '@tasbiq/contracts/error-codes';

/** The file's last line read, as Excel numbers it (1: the header alone). */
export function lastLineOf(records: readonly { line: number }[]): number {
  let last = 1;
  for (const record of records) if (record.line > last) last = record.line;
  return last;
}

/** Collects the problems of a file, row by row, then answers them as one report. */
export class ImportReport {
  private readonly errors: TImportRowError[] = [];
  private readonly lines = new Set<number>();

  add(row: number, column: string | null, code: string, detail?: string): void {
    this.errors.push({ row, column, code, detail: detail ?? ERROR_MESSAGES_FR[code] ?? code });
    this.lines.add(row);
  }

  /** 'le champ "Nom" est obligatoire' (spec §5). */
  required(row: number, column: string, label: string): void {
    this.add(row, column, 'required', formatTemplate(VALIDATION_MESSAGES_FR.required, label));
  }

  /** 'le champ "Salaire" n'est pas valide', with the value when it helps to find it. */
  invalid(row: number, column: string, label: string, value?: string, code = 'invalid'): void {
    const base = formatTemplate(VALIDATION_MESSAGES_FR.invalid, label);
    this.add(row, column, code, value ? `${base} : « ${value.slice(0, 60)} ».` : `${base}.`);
  }

  /** True when a line already has an error (later checks skip it to avoid piling up noise). */
  hasErrorOn(row: number): boolean {
    return this.lines.has(row);
  }

  get isEmpty(): boolean {
    return this.errors.length === 0;
  }

  /** `records` are the rows read, with their file line (header = line 1). */
  toReport(records: readonly { line: number }[]): TImportReport {
    const sorted = [...this.errors].sort((a, b) => a.row - b.row);
    return {
      total_rows: records.length,
      total_lines: lastLineOf(records),
      error_rows: this.lines.size,
      error_count: sorted.length,
      errors: sorted.slice(0, MAX_REPORTED_ERRORS),
    };
  }
}

/** The 400 body of a refused file (docs/decisions/012): the wire error plus the report. */
export function reportBody(code: string, report: TImportReport): TImportFailedBody {
  const lines = report.error_rows === 1 ? '1 ligne' : `${report.error_rows} lignes`;
  return {
    type: 'validation_error',
    errors: [{ code, detail: `${ERROR_MESSAGES_FR[code] ?? code} (${lines} en erreur)`, attr: null }],
    report,
  };
}

/** Thrown by the services when a file has errors; the route answers it with `reportBody`. */
export class ImportRejected extends Error {
  readonly code: 'BULK_UPLOAD_FAILED' | 'UPLOAD_WD_FAILED';
  readonly report: TImportReport;
  constructor(code: 'BULK_UPLOAD_FAILED' | 'UPLOAD_WD_FAILED', report: TImportReport) {
    super(code);
    this.code = code;
    this.report = report;
  }
}
