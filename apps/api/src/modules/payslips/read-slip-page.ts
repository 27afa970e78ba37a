/**
 * What one page of a Moroccan pay slip says, from its text lines: the identifiers (CIN, matricule),
 * the period (French month names or MM/YYYY) and the figures (Salaire brut, CNSS, AMO, IR, Net à
 * payer). Pure: the matching against the company's employees is in match-employee.ts. Labels
 * vary between payroll programs (Sage Paie, fiduciaires' tools, Excel macros), so each is a set of
 * spellings, accents and case ignored.
 */
import { normalizeCin } from '@tasbiq/contracts/validators';

export type SlipFigures = {
  gross: bigint | null;
  net: bigint | null;
  cnss: bigint | null;
  amo: bigint | null;
  ir: bigint | null;
};
export type SlipPeriod = { month: number; year: number };
export type SlipPage = {
  /** CIN written after a CIN label. */
  cin: string | null;
  /** Every token shaped like a CIN (one or two letters, digits): checked against known CINs. */
  cinLikeTokens: string[];
  serial: string | null;
  period: SlipPeriod | null;
  figures: SlipFigures;
  /** The page, upper case without accents, one line per line: for the name search. */
  plain: string;
};

/** Upper case, accents and typographic quotes removed: "Période" → "PERIODE". */
export function plainText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .toUpperCase();
}

const MONTHS = [
  'JANVIER',
  'FEVRIER',
  'MARS',
  'AVRIL',
  'MAI',
  'JUIN',
  'JUILLET',
  'AOUT',
  'SEPTEMBRE',
  'OCTOBRE',
  'NOVEMBRE',
  'DECEMBRE',
];
const MONTH_NAME_RE = new RegExp(`\\b(${MONTHS.join('|')})\\s+(20\\d{2})\\b`);
const PERIOD_LABEL_RE = /\b(PERIODE|MOIS|PAIE DU|BULLETIN DU|PAIE DE)\b/;
const NUMERIC_PERIOD_RE = /(?<![\d/])(0?[1-9]|1[0-2])\s*[/.-]\s*(20\d{2})\b/;
const DAY_MONTH_YEAR_RE = /\bDU\s+\d{1,2}[/.-](0?[1-9]|1[0-2])[/.-](20\d{2})\b/;

/** The pay period: a labelled line first, then a French month and year, then `Du 01/11/2026`, then MM/YYYY. */
export function findPeriod(lines: string[]): SlipPeriod | null {
  const labelled = lines.filter((l) => PERIOD_LABEL_RE.test(l) && !/EMBAUCHE|NAISSANCE/.test(l));
  const fromName = (l: string) => {
    const m = MONTH_NAME_RE.exec(l);
    return m ? { month: MONTHS.indexOf(m[1]!) + 1, year: Number(m[2]) } : null;
  };
  const fromNumber = (l: string) => {
    const m = NUMERIC_PERIOD_RE.exec(l);
    return m ? { month: Number(m[1]), year: Number(m[2]) } : null;
  };
  for (const line of labelled) {
    const found = fromName(line) ?? fromNumber(line);
    if (found) return found;
  }
  const others = lines.filter((l) => !/EMBAUCHE|NAISSANCE|ANCIENNETE|SORTIE/.test(l));
  for (const line of others) {
    const found = fromName(line);
    if (found) return found;
  }
  for (const line of others) {
    const m = DAY_MONTH_YEAR_RE.exec(line);
    if (m) return { month: Number(m[1]), year: Number(m[2]) };
  }
  for (const line of others) {
    if (/\b\d{1,2}[/.-]\d{1,2}[/.-]20\d{2}\b/.test(line)) continue;
    const found = fromNumber(line);
    if (found) return found;
  }
  return null;
}

const CIN_LABEL_RE = /\b(?:C\.?\s?I\.?\s?N\.?|CNIE)\s*(?:N°|NO)?\s*[:.]?\s*([A-Z]{1,2}\s?\d{1,7})\b/;
const CIN_TOKEN_RE = /\b[A-Z]{1,2}\d{3,7}\b/g;
const SERIAL_RE =
  /\b(?:N°\s*)?(?:MATRICULE|MAT\.)\s*(?:N°)?\s*[:.]?\s*([A-Z0-9\-/]{0,10}\d[A-Z0-9\-/]{0,10})(?![A-Z0-9])/;

/**
 * Amounts as payroll programs print them: "12 345,67", "12.345,67", "12345.67", and from other
 * producers "12,345.67" and "12'345.67". Thousands are separated by a space, which PDF producers
 * (Excel, LibreOffice, Intl's fr-FR) often write as a no-break (U+00A0) or narrow no-break space
 * (U+202F): one class of separators, so "12 345,67" is never read as 345,67.
 */
const THOUSANDS = String.raw`[ \u00A0\u202F\u2007\u2009']`;
const AMOUNT_RE = new RegExp(
  String.raw`(?<![\d.,])(?:\d{1,3}(?:(?:${THOUSANDS}|\.)\d{3})+,\d{2}|\d{1,3}(?:(?:${THOUSANDS}|,)\d{3})+\.\d{2}|\d+[.,]\d{2})(?![.,]?\d)`,
  'g',
);

export function parseAmount(text: string): bigint | null {
  const cleaned = text.replace(new RegExp(THOUSANDS, 'g'), '');
  const m =
    /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})$/.exec(cleaned) ??
    /^(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})$/.exec(cleaned);
  if (!m) return null;
  return BigInt(m[1]!.replace(/[.,]/g, '')) * 100n + BigInt(m[2]!);
}

/** The last amount of a line: the retenue or the total, after the base and the rate. */
function lastAmount(line: string): bigint | null {
  const withoutRates = line.replace(/\d+[.,]\d+\s*%/g, ' ');
  const all = withoutRates.match(AMOUNT_RE);
  return all ? parseAmount(all.at(-1)!) : null;
}

const FIGURE_LABELS: Array<[keyof SlipFigures, RegExp, RegExp?]> = [
  ['net', /\bNET\s+(?:A|À)\s+PAYER\b/],
  ['gross', /\b(?:SALAIRE\s+BRUT|TOTAL\s+BRUT|BRUT\s+GLOBAL)\b/],
  ['cnss', /\bC\.?N\.?S\.?S\.?(?=\s|$)/, /AFFILIATION|EMPLOYEUR|IMMATRICULATION|N°/],
  ['amo', /\bA\.?M\.?O\.?(?=\s|$)/, /N°/],
  ['ir', /^(?:I\.?R\.?|IGR|IMPOT SUR LE REVENU)(?=\s|$)|\bRETENUE\s+IR\b/],
];

export function findFigures(lines: string[]): SlipFigures {
  const figures: SlipFigures = { gross: null, net: null, cnss: null, amo: null, ir: null };
  for (const line of lines) {
    for (const [key, label, exclude] of FIGURE_LABELS) {
      if (!label.test(line) || exclude?.test(line)) continue;
      const amount = lastAmount(line);
      if (amount !== null) figures[key] = amount;
    }
  }
  return figures;
}

export function readSlipPage(rawLines: string[]): SlipPage {
  const lines = rawLines.map(plainText);
  let cin: string | null = null;
  let serial: string | null = null;
  for (const line of lines) {
    cin ??= CIN_LABEL_RE.exec(line)?.[1] ? normalizeCin(CIN_LABEL_RE.exec(line)![1]!) : null;
    serial ??= SERIAL_RE.exec(line)?.[1] ?? null;
  }
  const cinLikeTokens = [...new Set(lines.flatMap((l) => l.match(CIN_TOKEN_RE) ?? []))];
  return {
    cin,
    cinLikeTokens,
    serial,
    period: findPeriod(lines),
    figures: findFigures(lines),
    plain: lines.join('\n'),
  };
}
