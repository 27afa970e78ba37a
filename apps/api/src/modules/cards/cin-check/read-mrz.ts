import { parse } from 'mrz';
import { cinFromToken, isoDay } from './ocr-confusions.ts';

/** What the back's machine-readable zone says, its check digits verified. */
export type MrzReading = {
  cin: string;
  documentNumber: string;
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** YYYY-MM-DD */
  expiry: string;
  /** False when only the composite digit failed (see readTd1Mrz). */
  compositeValid: boolean;
};

export type MrzOutcome =
  | { found: true; valid: true; reading: MrzReading }
  | { found: true; valid: false; reason: string }
  | { found: false };

const TD1_LENGTH = 30;
/** Characters tesseract gives for the filler `<` of an OCR-B font. */
const FILLER_LOOKALIKES = /[«‹<]/g;

/** Upper-cases, maps the filler's look-alikes to `<`, drops spaces and anything else. */
function cleanLine(text: string): string {
  return text
    .toUpperCase()
    .replace(FILLER_LOOKALIKES, '<')
    .replace(/[^A-Z0-9<]/g, '');
}

/**
 * A line read one or two characters long or short: the longest run of fillers grows or shrinks
 * to make it 30 (OCR miscounts long runs of `<`, never the data around them).
 */
export function fitToLength(line: string, length = TD1_LENGTH): string {
  if (line.length === length) return line;
  const runs = [...line.matchAll(/<+/g)];
  const longest = runs.reduce<RegExpMatchArray | null>(
    (best, run) => (!best || run[0].length > best[0].length ? run : best),
    null,
  );
  if (!longest || longest.index === undefined) return line.padEnd(length, '<').slice(0, length);
  const target = Math.max(1, longest[0].length + length - line.length);
  const fitted =
    line.slice(0, longest.index) + '<'.repeat(target) + line.slice(longest.index + longest[0].length);
  return fitted.padEnd(length, '<').slice(0, length);
}

/** A K (or L, C) alone inside a run of fillers is a misread `<`: no field holds one there. */
function repairFillers(line: string): string {
  return line.replace(/(?<=<)[KLC](?=<)/g, '<').replace(/(?<=<<)[KLC]+$/g, (m) => '<'.repeat(m.length));
}

/** The three lines of a TD1 zone among OCR lines: the last three that look like MRZ, line 1 first. */
export function findTd1Lines(ocrLines: string[]): [string, string, string] | null {
  const cleaned = ocrLines.map(cleanLine);
  for (let i = cleaned.length - 3; i >= 0; i -= 1) {
    const [a, b, c] = [cleaned[i] ?? '', cleaned[i + 1] ?? '', cleaned[i + 2] ?? ''];
    const lengthsOk = [a, b, c].every((l) => l.length >= 24 && l.length <= 36);
    if (lengthsOk && /^[I1L][A-Z0-9<]MAR/.test(a) && a.includes('<') && c.includes('<')) {
      return [a, b, c].map((line) => repairFillers(fitToLength(line))) as [string, string, string];
    }
  }
  return null;
}

/** Whether OCR text (read without a whitelist) holds something like an MRZ: the back of a card. */
export function looksLikeMrz(text: string): boolean {
  return (
    /[I1L][D0O<]MAR/.test(text.toUpperCase().replace(/\s/g, '')) || (text.match(/[<«]/g)?.length ?? 0) >= 12
  );
}

/** YYMMDD of a birth date: the century that does not put it in the future. */
function birthDay(yymmdd: string, now: Date): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  const century = 2000 + yy > now.getUTCFullYear() ? 1900 : 2000;
  return isoDay(century + yy, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/** YYMMDD of an expiry: CIN are valid ten years at most, so always this century. */
function expiryDay(yymmdd: string): string | null {
  return isoDay(2000 + Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/**
 * Parses a TD1 zone with the `mrz` package (its autocorrect turns O/0, I/1, S/5, B/8… in fields
 * that are only digits or only letters). The document number, birth date and expiry must pass
 * their own check digits. The composite check digit, the last character after a long run of
 * fillers, is the one tesseract misreads most: when it alone fails the reading is kept (each
 * field has passed its own digit, and the CIN it also covers is compared with the front and
 * with the employee's), marked `compositeValid: false`.
 */
export function readTd1Mrz(ocrLines: string[], now: Date): MrzOutcome {
  const lines = findTd1Lines(ocrLines);
  if (!lines) return { found: false };
  let result: ReturnType<typeof parse>;
  try {
    result = parse(lines, { autocorrect: true });
  } catch (error) {
    return { found: true, valid: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const invalid = result.details.filter((d) => !d.valid).map((d) => d.field ?? d.label);
  const blocking = invalid.filter((field) => field !== 'compositeCheckDigit' && field !== 'optional2');
  if (blocking.length > 0)
    return { found: true, valid: false, reason: `invalid fields: ${blocking.join(', ')}` };
  const fields = result.fields;
  const cin = [fields.optional1, fields.documentNumber]
    .map((v) => (v ? cinFromToken(v) : null))
    .find(Boolean);
  const birthday = fields.birthDate ? birthDay(fields.birthDate, now) : null;
  const expiry = fields.expirationDate ? expiryDay(fields.expirationDate) : null;
  if (!cin || !birthday || !expiry || !fields.documentNumber) {
    return { found: true, valid: false, reason: 'no CIN, birth date or expiry in the zone' };
  }
  return {
    found: true,
    valid: true,
    reading: {
      cin,
      documentNumber: fields.documentNumber,
      lastName: fields.lastName ?? '',
      firstName: fields.firstName ?? '',
      birthday,
      expiry,
      compositeValid: !invalid.includes('compositeCheckDigit'),
    },
  };
}
