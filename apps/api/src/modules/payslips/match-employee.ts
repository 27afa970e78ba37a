/**
 * Who a slip belongs to, among the company's employees: CIN and matricule read on the page first
 * (both agreeing 100, CIN alone 95, matricule alone 90), the full name as a last resort (60, and
 * only when one employee has it). A CIN and a matricule naming two people is a conflict HR settles.
 */
import type { TPayslipMatchMethod, TPayslipUnmatchedReason } from '@tasbiq/contracts/payslips';
import { plainText, type SlipPage } from './read-slip-page.ts';

export type DirectoryEmployee = {
  id: number;
  cin: string | null;
  serial: string | null;
  firstName: string;
  lastName: string;
};

export type EmployeeDirectory = {
  byCin: Map<string, DirectoryEmployee>;
  bySerial: Map<string, DirectoryEmployee>;
  /** "LAST FIRST" and "FIRST LAST", plain; null when two employees share it. */
  byName: Map<string, DirectoryEmployee | null>;
};

export function buildDirectory(people: DirectoryEmployee[]): EmployeeDirectory {
  const byCin = new Map<string, DirectoryEmployee>();
  const bySerial = new Map<string, DirectoryEmployee>();
  const byName = new Map<string, DirectoryEmployee | null>();
  for (const person of people) {
    if (person.cin) byCin.set(person.cin.toUpperCase(), person);
    if (person.serial) bySerial.set(plainText(person.serial), person);
    const first = plainText(person.firstName).trim();
    const last = plainText(person.lastName).trim();
    if (!first || !last) continue;
    for (const key of [`${last} ${first}`, `${first} ${last}`])
      byName.set(key, byName.has(key) && byName.get(key)?.id !== person.id ? null : person);
  }
  return { byCin, bySerial, byName };
}

export type MatchResult = {
  employee: DirectoryEmployee | null;
  method: TPayslipMatchMethod | null;
  confidence: number;
  unmatchedReason: TPayslipUnmatchedReason | null;
  readCin: string | null;
  readSerial: string | null;
  readName: string | null;
};

/** Whether a page names someone: it starts a new slip rather than continuing the previous one. */
export function pageIdentity(page: SlipPage, directory: EmployeeDirectory): string | null {
  const match = matchPage(page, directory);
  if (match.employee) return `employee:${match.employee.id}`;
  if (match.readCin) return `cin:${match.readCin}`;
  if (match.readSerial) return `serial:${match.readSerial}`;
  return null;
}

export function matchPage(page: SlipPage, directory: EmployeeDirectory): MatchResult {
  const knownCin = page.cin ?? page.cinLikeTokens.find((token) => directory.byCin.has(token)) ?? null;
  const byCin = knownCin ? (directory.byCin.get(knownCin) ?? null) : null;
  const bySerial = page.serial ? (directory.bySerial.get(page.serial) ?? null) : null;
  const read = { readCin: knownCin, readSerial: page.serial, readName: null as string | null };
  if (byCin && bySerial && byCin.id !== bySerial.id)
    return { employee: null, method: null, confidence: 0, unmatchedReason: 'conflict', ...read };
  if (byCin && bySerial)
    return { employee: byCin, method: 'cin_matricule', confidence: 100, unmatchedReason: null, ...read };
  if (byCin) return { employee: byCin, method: 'cin', confidence: 95, unmatchedReason: null, ...read };
  // A matricule we know beside a CIN we do not (the record's CIN missing or mistyped): lower confidence.
  if (bySerial)
    return {
      employee: bySerial,
      method: 'matricule',
      confidence: knownCin ? 80 : 90,
      unmatchedReason: null,
      ...read,
    };
  if (knownCin || page.serial)
    return { employee: null, method: null, confidence: 0, unmatchedReason: 'unknown_identity', ...read };
  // Last resort: a full name written on the page, owned by one employee only.
  for (const [name, person] of directory.byName) {
    if (!containsWords(page.plain, name)) continue;
    if (person === null)
      return {
        employee: null,
        method: null,
        confidence: 0,
        unmatchedReason: 'ambiguous_name',
        ...read,
        readName: name,
      };
    return {
      employee: person,
      method: 'name',
      confidence: 60,
      unmatchedReason: null,
      ...read,
      readName: name,
    };
  }
  return { employee: null, method: null, confidence: 0, unmatchedReason: 'no_identifier', ...read };
}

function containsWords(text: string, words: string): boolean {
  const at = text.indexOf(words);
  if (at < 0) return false;
  const before = at === 0 ? ' ' : text[at - 1]!;
  const after = text[at + words.length] ?? ' ';
  return !/[A-Z0-9]/.test(before) && !/[A-Z0-9]/.test(after);
}
