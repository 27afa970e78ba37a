import { asDigits, cinFromToken, isoDay } from './ocr-confusions.ts';

/** What the front of a CNIE says, each field null when it could not be read. */
export type FrontReading = {
  cin: string | null;
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  /** YYYY-MM-DD */
  expiry: string | null;
  /** The card's titles or labels were seen: this is a front, whatever else was read. */
  looksLikeFront: boolean;
};

/** Printed on every front, never a name. */
const TITLE_WORDS = /ROYAUME|MAROC|CARTE|NATIONALE|IDENTIT/;
const BIRTH_LABEL = /\bN[ÉEe]+\s*\(?E?\)?\s*LE\b/i;
const EXPIRY_LABEL = /VALABLE|JUSQU/i;
/** dd.mm.yyyy with the separators and digit look-alikes OCR produces. */
const DATE_RE = /([0-9OQDILSZBG]{2})\s?[./\-,]\s?([0-9OQDILSZBG]{2})\s?[./\-,]\s?([0-9OQDILSZBG]{4})/i;

function dateIn(line: string): string | null {
  const match = DATE_RE.exec(line);
  if (!match) return null;
  const [day, month, year] = [match[1], match[2], match[3]].map((part) =>
    Number(asDigits((part ?? '').toUpperCase())),
  );
  return isoDay(year ?? 0, month ?? 0, day ?? 0);
}

/**
 * The upper-case Latin words a name line starts with ("EL AMRANI" out of "EL AMRANI العمراني",
 * which OCR turns into "EL AMRANI ol]"): at least two letters each, stop at the first other word.
 */
function nameIn(line: string): string | null {
  const words: string[] = [];
  for (const word of line.trim().split(/\s+/)) {
    if (!/^[A-ZÀ-ÖØ-Ý][A-ZÀ-ÖØ-Ý'-]+$/.test(word)) break;
    words.push(word);
  }
  const name = words.join(' ');
  return name.replace(/[^A-Z]/g, '').length >= 2 ? name : null;
}

/**
 * Reads the front of a Moroccan electronic CIN from OCR lines, top to bottom: the first name then
 * the last name (upper case, just above "Né le"), the birth date after "Né le", the expiry after
 * "Valable jusqu'au", and the CIN number (letters then digits, printed alone). When a label is
 * unreadable, the earliest date is taken as the birth date and the latest as the expiry, if both
 * are there.
 */
export function readFront(lines: string[]): FrontReading {
  const birthIndex = lines.findIndex((line) => BIRTH_LABEL.test(line) && dateIn(line));
  const expiryIndex = lines.findIndex((line) => EXPIRY_LABEL.test(line) && dateIn(line));
  const dates = lines
    .map(dateIn)
    .filter((d): d is string => d !== null)
    .sort();
  let birthday = birthIndex >= 0 ? dateIn(lines[birthIndex] ?? '') : null;
  let expiry = expiryIndex >= 0 ? dateIn(lines[expiryIndex] ?? '') : null;
  if (dates.length >= 2) {
    birthday ??= dates[0] ?? null;
    expiry ??= dates.at(-1) ?? null;
  }

  // Names: the two name-like lines right above the birth line (or the first dated line).
  const firstDated = lines.findIndex((line) => dateIn(line) !== null);
  const namesEnd = birthIndex >= 0 ? birthIndex : firstDated >= 0 ? firstDated : lines.length;
  const names = lines
    .slice(0, namesEnd)
    .filter((line) => !TITLE_WORDS.test(line.toUpperCase()))
    .map(nameIn)
    .filter((name): name is string => name !== null);
  const [firstName, lastName] = names.length >= 2 ? names.slice(-2) : [null, null];

  // The CIN: a line that is one letters-then-digits token, printed below the names.
  const cin =
    lines
      .filter((line) => !dateIn(line))
      .map((line) => line.trim())
      .filter((line) => line.length <= 14)
      .map(cinFromToken)
      .find((value) => value !== null) ?? null;

  const looksLikeFront =
    lines.some((line) => TITLE_WORDS.test(line.toUpperCase())) || birthIndex >= 0 || expiryIndex >= 0;
  return { cin, firstName: firstName ?? null, lastName: lastName ?? null, birthday, expiry, looksLikeFront };
}
