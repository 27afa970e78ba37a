import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { ZMoney, ZObjectId } from './wire.ts';

/**
 * Pay slips (spec §3 "Pay slip (fiche)" and "Extraction job", §4 "Fiche job", §7 "Fiches"; issue 12).
 * HR uploads the payroll software's whole PDF (`POST /fiches/jobs/`); a background job reads each
 * page, finds the employee and the period, writes one PDF per slip and leaves them `pending` for
 * HR; only `approved` slips reach the employee. Paths keep the spec's `/fiches` names.
 */

/** Largest payroll PDF accepted (a 1 000-page Sage export is about 5–15 MB). */
export const PAYSLIP_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;
/** Most pages in one upload. */
export const PAYSLIP_UPLOAD_MAX_PAGES = 5000;

/** `in_progress` while pages are read, then `finished`; `failed` when the file could not be read at all. */
export const PAYSLIP_JOB_STATUSES = ['in_progress', 'finished', 'failed'] as const;
export type TPayslipJobStatus = (typeof PAYSLIP_JOB_STATUSES)[number];

/**
 * `unmatched`: nobody found (HR matches by hand or discards); `pending`: matched, awaiting HR;
 * `approved`: published to the employee; `discarded` by HR; `replaced` by a later upload of the
 * same period before it was approved.
 */
export const PAYSLIP_STATUSES = ['unmatched', 'pending', 'approved', 'discarded', 'replaced'] as const;
export type TPayslipStatus = (typeof PAYSLIP_STATUSES)[number];

/** How the employee was found: identifiers read on the page, the name only, or HR's hand. */
export const PAYSLIP_MATCH_METHODS = ['cin_matricule', 'cin', 'matricule', 'name', 'manual'] as const;
export type TPayslipMatchMethod = (typeof PAYSLIP_MATCH_METHODS)[number];

/** Why a slip stayed unmatched, in French for HR. */
export const PAYSLIP_UNMATCHED_REASONS = {
  unknown_identity: 'Aucun salarié de la société ne porte ce CIN ou ce matricule.',
  conflict: 'Le CIN et le matricule lus désignent deux salariés différents.',
  no_identifier: 'Aucun CIN, matricule ni nom reconnu sur la page.',
  scanned: 'Page numérisée (sans texte) : à rattacher à la main.',
  ambiguous_name: 'Plusieurs salariés portent ce nom.',
  unreadable:
    'Page illisible : son texte ne peut être ni extrait ni lu par OCR. Vérifiez-la dans le PDF d’origine, puis rattachez-la à la main ou écartez-la.',
} as const;
export type TPayslipUnmatchedReason = keyof typeof PAYSLIP_UNMATCHED_REASONS;

export const ZPayslipFigures = z.object({
  gross: ZMoney.nullable(),
  net: ZMoney.nullable(),
  cnss: ZMoney.nullable(),
  amo: ZMoney.nullable(),
  ir: ZMoney.nullable(),
});
export type TPayslipFigures = z.infer<typeof ZPayslipFigures>;

export const ZPersonRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** One slip as HR sees it (`GET /fiches`, `GET /fiches/jobs/{id}/fiches/`). */
export const ZPayslip = z.object({
  id: z.number().int(),
  job: z.number().int(),
  employee: ZEmployeeRef.nullable(),
  /** The CIN of the matched employee, else the one read on the page. */
  cin: z.string().nullable(),
  read: z.object({
    cin: z.string().nullable(),
    matricule: z.string().nullable(),
    name: z.string().nullable(),
  }),
  match: z.enum(PAYSLIP_MATCH_METHODS).nullable(),
  /** 0–100: identifiers read on the page 90–100, the name alone 60. */
  confidence: z.number().int(),
  unmatched_reason: z.enum(Object.keys(PAYSLIP_UNMATCHED_REASONS) as [TPayslipUnmatchedReason]).nullable(),
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  first_page: z.number().int(),
  pages: z.number().int(),
  scanned: z.boolean(),
  status: z.enum(PAYSLIP_STATUSES),
  approved: z.boolean(),
  approved_at: z.string().nullable(),
  approved_by: ZPersonRef.nullable(),
  /** When the employee confirmed receipt (`GET /fiches/{id}/confirm`). */
  received_at: z.string().nullable(),
  figures: ZPayslipFigures,
  created: z.string(),
});
export type TPayslip = z.infer<typeof ZPayslip>;

/** One slip as its employee sees it (`GET /fiches` as an employee): approved ones only. */
export const ZMyPayslip = z.object({
  id: z.number().int(),
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  approved: z.literal(true),
  file_name: z.string(),
  received_at: z.string().nullable(),
  published_at: z.string().nullable(),
  figures: ZPayslipFigures,
});
export type TMyPayslip = z.infer<typeof ZMyPayslip>;

export const ZPayslipJob = z.object({
  id: z.number().int(),
  created_by: ZPersonRef.nullable(),
  file_name: z.string(),
  status: z.enum(PAYSLIP_JOB_STATUSES),
  finished: z.boolean(),
  pages_total: z.number().int(),
  pages_read: z.number().int(),
  /** Slips found so far (all statuses). */
  found: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  approved: z.number().int(),
  /** Every slip of the job is approved or discarded (nothing left to decide). */
  confirmed: z.boolean(),
  /** Earlier unapproved slips of the same employees and period that this upload replaced. */
  replaced: z.number().int(),
  /** Slips of this upload whose employee already had an approved slip for the period (kept). */
  already_approved: z.number().int(),
  error: z.string().nullable(),
  created: z.string(),
  finished_at: z.string().nullable(),
});
export type TPayslipJob = z.infer<typeof ZPayslipJob>;

/** `POST /fiches/jobs/{id}/confirm/`: `approve: true` approves every pending slip of the job (or `fiches`). */
export const ZConfirmPayslipJob = z.object({
  approve: z.boolean(),
  /** Only these slips of the job; all pending ones when absent. */
  fiches: z.array(ZObjectId).max(5000).optional(),
});
export type TConfirmPayslipJob = z.infer<typeof ZConfirmPayslipJob>;

/** Why a slip was left out of a confirmation (four eyes, decision 034). */
export const ZPayslipSkip = z.object({ fiche: z.number().int(), code: z.string(), detail: z.string() });
export const ZConfirmPayslipJobResult = z.object({
  approved: z.number().int(),
  skipped: z.array(ZPayslipSkip),
});
export type TConfirmPayslipJobResult = z.infer<typeof ZConfirmPayslipJobResult>;

/** `POST /fiches/{id}/match/ {employee}`: HR names the employee of an unmatched (or wrongly matched) slip. */
export const ZMatchPayslip = z.object({ employee: ZObjectId });
/** `POST /fiches/{id}/approve/ {approve}`: one slip; `approve: false` discards it. */
export const ZDecidePayslip = z.object({ approve: z.boolean() });

/** `GET stats/rh/fiches` for a month. */
export const ZPayslipStats = z.object({
  month: z.number().int(),
  year: z.number().int(),
  total: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  unmatched: z.number().int(),
  received: z.number().int(),
  not_received: z.number().int(),
  downloads: z.number().int(),
  jobs_in_progress: z.number().int(),
});
export type TPayslipStats = z.infer<typeof ZPayslipStats>;

/** French month names, capitalised as a period is written ("Novembre 2026"). */
export const FRENCH_MONTH_NAMES = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
] as const;

/** `Fiche-de-paie-2026-11-Nom-Prenom.pdf`: ASCII, no spaces, for every phone's file manager. */
export function payslipFileName(
  year: number | null,
  month: number | null,
  lastName: string,
  firstName: string,
) {
  const part = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const period = year && month ? `${year}-${String(month).padStart(2, '0')}` : 'periode-inconnue';
  return `Fiche-de-paie-${period}-${[part(lastName), part(firstName)].filter(Boolean).join('-')}.pdf`;
}
