import { normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { z } from 'zod';

/**
 * Turning what HR pasted (or the content of a .txt/.csv export) into addresses. Pure: which of
 * them already belong to an account is asked by the service.
 */
export type ParsedContacts = { valid: string[]; invalid: string[]; duplicates: string[] };

const SEPARATORS = /[\r\n,;\t]+/;
/** Quotes, angle brackets and the like that surround an address copied from a mail client or Excel. */
const WRAPPING = /^[\s"'<>()[\]]+|[\s"'<>()[\]]+$/g;

function clean(piece: string): string {
  return piece.replace(WRAPPING, '');
}

const emailSchema = z.email();

export function normalizeEmail(raw: string): string | null {
  const value = clean(raw).toLowerCase();
  return emailSchema.safeParse(value).success ? value : null;
}

/** Splits on newlines, commas, semicolons, tabs and spaces. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map(clean)
    .filter(Boolean);
}

/** The longest run of spaced pieces one phone may be written in: "+212 6 12 34 56 78". */
const MAX_PIECES_PER_PHONE = 7;

/**
 * Splits on newlines, commas, semicolons and tabs, then on spaces — except that spaces inside a
 * number ("06 12 34 56 78") are not separators: consecutive pieces are joined while they
 * still may form a phone, the shortest run that does wins. A piece that starts no phone is
 * reported as written.
 */
export function splitPhones(text: string): string[] {
  const out: string[] = [];
  for (const segment of text.split(SEPARATORS)) {
    const pieces = segment.split(/\s+/).map(clean).filter(Boolean);
    let i = 0;
    while (i < pieces.length) {
      let taken = 0;
      let joined = '';
      for (let j = i; j < Math.min(pieces.length, i + MAX_PIECES_PER_PHONE); j++) {
        joined += pieces[j];
        if (normalizeMoroccanPhone(joined)) {
          taken = j - i + 1;
          break;
        }
        if (!/^\+?[\d.-]*$/.test(joined) || joined.replace(/\D/g, '').length > 14) break;
      }
      if (taken > 0) {
        out.push(pieces.slice(i, i + taken).join(' '));
        i += taken;
      } else {
        out.push(pieces[i]!);
        i += 1;
      }
    }
  }
  return out;
}

function classify(pieces: string[], normalize: (raw: string) => string | null): ParsedContacts {
  const valid: string[] = [];
  const invalid: string[] = [];
  const duplicates = new Set<string>();
  const seen = new Set<string>();
  for (const piece of pieces) {
    const value = normalize(piece);
    if (!value) {
      invalid.push(piece);
      continue;
    }
    if (seen.has(value)) {
      duplicates.add(value);
      continue;
    }
    seen.add(value);
    valid.push(value);
  }
  return { valid, invalid, duplicates: [...duplicates] };
}

export function parseEmails(text: string): ParsedContacts {
  return classify(splitEmails(text), normalizeEmail);
}

export function parsePhones(text: string): ParsedContacts {
  return classify(splitPhones(text), normalizeMoroccanPhone);
}
