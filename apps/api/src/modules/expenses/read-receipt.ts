/**
 * What a receipt says, read from its OCR lines (issue 15 ★): the total to pay, the date and the
 * merchant. Each field is null when it could not be read; the employee confirms or corrects.
 */
export type ReceiptReading = {
  amountCentimes: bigint | null;
  /** YYYY-MM-DD */
  date: string | null;
  merchant: string | null;
};

/**
 * Labels of the amount paid, best first. A ticket prints sub-totals, VAT and the cash given too;
 * the line with the best label wins, and among equals the largest amount (a TTC is never below
 * its HT).
 */
const TOTAL_LABELS: { re: RegExp; rank: number }[] = [
  { re: /\bTOTAL\s*T\.?\s*T\.?\s*C\b|\bT\.?T\.?C\b/i, rank: 5 },
  { re: /\bNET\s*[AÀ]\s*PAYER\b|\b[AÀ]\s*PAYER\b/i, rank: 4 },
  { re: /\bMONTANT\s*(TOTAL|TTC|D[UÛ]|PAY[EÉ])\b/i, rank: 4 },
  { re: /\bTOTAL\b/i, rank: 3 },
  { re: /\bMONTANT\b/i, rank: 2 },
];
/** Lines that carry a total-like word but never the amount paid. */
const NOT_TOTAL =
  /SOUS[\s-]*TOTAL|\bS\/?TOTAL|\bHT\b|H\.T|\bTVA\b|RENDU|MONNAIE|ESP[EÈ]CES|REMISE|ARTICLES?\b/i;
/** "1 250,00", "1.250,00", "152.40", "152,4O" (O for 0): the last amount on a line. */
const AMOUNT_RE = /(\d{1,3}(?:[ .]\d{3})+|\d+)\s?[.,]\s?([0-9OoD]{2})(?!\d)/g;
/** A line that is an amount and nothing else (the right column of a two-column ticket). */
const AMOUNT_ONLY = /^[\s\d.,OoD]*(DH|DHS|MAD)?\s*$/i;
const CURRENCY = /\b(DH|DHS|MAD|DIRHAMS?)\b/i;

const FRENCH_MONTHS: Record<string, number> = {
  janv: 1,
  jan: 1,
  fevr: 2,
  fev: 2,
  mars: 3,
  mar: 3,
  avr: 4,
  avril: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  aout: 8,
  sept: 9,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function digitsOf(text: string): string {
  return text.replace(/[Oo]/g, '0').replace(/D/g, '0');
}

function amountsIn(line: string): bigint[] {
  const amounts: bigint[] = [];
  for (const match of line.matchAll(AMOUNT_RE)) {
    const whole = (match[1] ?? '').replace(/[ .]/g, '');
    const cents = digitsOf(match[2] ?? '');
    if (!/^\d+$/.test(whole) || !/^\d{2}$/.test(cents) || whole.length > 9) continue;
    amounts.push(BigInt(whole) * 100n + BigInt(cents));
  }
  return amounts;
}

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const NUMERIC_DATE = /(?<![\d])([0-3]?\d)\s?[/.-]\s?([01]?\d)\s?[/.-]\s?(\d{4}|\d{2})(?![\d])/;
const ISO_DATE = /(?<![\d])(20\d{2})-([01]\d)-([0-3]\d)(?![\d])/;
const WORD_DATE = /(?<![\d])([0-3]?\d)\s+([A-Za-zéèûÉÈÛ]{3,9})\.?\s+(20\d{2})(?![\d])/;

/** The first date on a line: 24/11/2026, 24-11-26, 24.11.2026, 2026-11-24 or 24 nov. 2026. */
export function dateIn(line: string): string | null {
  const text = line.replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0');
  const iso = ISO_DATE.exec(text);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) return isoDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const word = WORD_DATE.exec(text);
  if (word) {
    const key = (word[2] ?? '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    const month = FRENCH_MONTHS[key] ?? FRENCH_MONTHS[key.slice(0, 4)] ?? FRENCH_MONTHS[key.slice(0, 3)];
    if (month) return isoDay(Number(word[3]), month, Number(word[1]));
  }
  return null;
}

function readAmount(lines: string[]): bigint | null {
  let best: { rank: number; amount: bigint } | null = null;
  for (const [index, line] of lines.entries()) {
    if (NOT_TOTAL.test(line)) continue;
    const label = TOTAL_LABELS.find((candidate) => candidate.re.test(line));
    if (!label) continue;
    // The amount is on the label's line, or alone on the next one (two-column tickets).
    const amounts = amountsIn(line);
    const next = lines[index + 1] ?? '';
    const amount = amounts.at(-1) ?? (AMOUNT_ONLY.test(next) ? amountsIn(next).at(-1) : undefined);
    if (amount === undefined) continue;
    if (!best || label.rank > best.rank || (label.rank === best.rank && amount > best.amount))
      best = { rank: label.rank, amount };
  }
  if (best) return best.amount;
  // No label read: the largest amount marked DH/MAD, if any.
  const marked = lines.filter((line) => CURRENCY.test(line) && !NOT_TOTAL.test(line)).flatMap(amountsIn);
  return marked.length > 0 ? marked.reduce((a, b) => (a > b ? a : b)) : null;
}

/** Header words that are not the merchant's name. */
const NOT_MERCHANT =
  /TICKET|BIENVENUE|MERCI|FACTURE|RE[CÇ]U|\bTEL\b|T[ÉE]L[ÉE]PHONE|\bICE\b|\bRC\b|\bIF\b|PATENTE|CAISSE|DATE|HEURE|\bRUE\b|\bAV(ENUE|\.)?\b|\bBD\b|BOULEVARD|\bN°/i;

function readMerchant(lines: string[]): string | null {
  // The merchant heads the ticket: the first of its top lines that is mostly letters.
  for (const raw of lines.slice(0, 6)) {
    const line = raw
      .replace(/[*=_~|#]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (NOT_MERCHANT.test(line) || dateIn(line) || amountsIn(line).length > 0) continue;
    const letters = line.replace(/[^A-Za-zÀ-ÖØ-öø-ÿ]/g, '').length;
    if (letters >= 3 && letters >= line.replace(/\s/g, '').length * 0.7) return line.slice(0, 80);
  }
  return null;
}

export function readReceipt(lines: readonly string[]): ReceiptReading {
  const trimmed = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  return {
    amountCentimes: readAmount(trimmed),
    date: trimmed.map(dateIn).find((date) => date !== null) ?? null,
    merchant: readMerchant(trimmed),
  };
}
