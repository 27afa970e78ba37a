import {
  payslipFileName,
  type TMyPayslip,
  type TPayslip,
  type TPayslipJob,
  type TPayslipJobStatus,
  type TPayslipMatchMethod,
  type TPayslipStatus,
  type TPayslipUnmatchedReason,
} from '@tasbiq/contracts/payslips';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import type { PayslipJobView, PayslipView } from './queries.ts';

const money = (value: bigint | null) => (value === null ? null : centimesToWire(value));

function figuresOf(slip: PayslipView['slip']) {
  return {
    gross: money(slip.grossCentimes),
    net: money(slip.netCentimes),
    cnss: money(slip.cnssCentimes),
    amo: money(slip.amoCentimes),
    ir: money(slip.irCentimes),
  };
}

export function serializePayslip(view: PayslipView): TPayslip {
  const { slip } = view;
  return {
    id: slip.id,
    job: slip.jobId,
    employee:
      slip.employeeId === null
        ? null
        : {
            id: slip.employeeId,
            first_name: view.employeeFirstName ?? '',
            last_name: view.employeeLastName ?? '',
            serial: view.employeeSerial ?? null,
          },
    cin: view.employeeCin ?? slip.readCin,
    read: { cin: slip.readCin, matricule: slip.readSerial, name: slip.readName },
    match: slip.matchMethod as TPayslipMatchMethod | null,
    confidence: slip.confidence,
    unmatched_reason: slip.unmatchedReason as TPayslipUnmatchedReason | null,
    month: slip.periodMonth,
    year: slip.periodYear,
    first_page: slip.firstPage,
    pages: slip.pageCount,
    scanned: slip.scanned,
    status: slip.status as TPayslipStatus,
    approved: slip.status === 'approved',
    approved_at: toWireDateTimeOrNull(slip.approvedAt),
    approved_by:
      view.approverId === null
        ? null
        : {
            id: view.approverId,
            first_name: view.approverFirstName ?? '',
            last_name: view.approverLastName ?? '',
          },
    received_at: toWireDateTimeOrNull(slip.receivedAt),
    figures: figuresOf(slip),
    created: toWireDateTime(slip.createdAt),
  };
}

export function downloadNameOf(view: PayslipView): string {
  return payslipFileName(
    view.slip.periodYear,
    view.slip.periodMonth,
    view.employeeLastName ?? 'Salarie',
    view.employeeFirstName ?? '',
  );
}

export function serializeMyPayslip(view: PayslipView): TMyPayslip {
  return {
    id: view.slip.id,
    month: view.slip.periodMonth,
    year: view.slip.periodYear,
    approved: true,
    file_name: downloadNameOf(view),
    received_at: toWireDateTimeOrNull(view.slip.receivedAt),
    published_at: toWireDateTimeOrNull(view.slip.approvedAt),
    figures: figuresOf(view.slip),
  };
}

export function serializePayslipJob(view: PayslipJobView): TPayslipJob {
  const { job } = view;
  const status = job.status as TPayslipJobStatus;
  return {
    id: job.id,
    created_by:
      job.createdBy === null
        ? null
        : {
            id: job.createdBy,
            first_name: view.creatorFirstName ?? '',
            last_name: view.creatorLastName ?? '',
          },
    file_name: job.fileName,
    status,
    finished: status !== 'in_progress',
    pages_total: job.pagesTotal,
    pages_read: job.pagesRead,
    found: Number(view.found),
    matched: Number(view.matched),
    unmatched: Number(view.unmatched),
    approved: Number(view.approved),
    confirmed: status === 'finished' && Number(view.found) > 0 && Number(view.undecided) === 0,
    replaced: job.replacedCount,
    already_approved: job.alreadyApprovedCount,
    error: job.error,
    created: toWireDateTime(job.createdAt),
    finished_at: toWireDateTimeOrNull(job.finishedAt),
  };
}
