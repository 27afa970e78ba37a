import { FILE_NAME_DISPLAY_LENGTH } from '@tasbiq/contracts/constants';

const ELLIPSIS = '…';

/**
 * Shortens a file name for display (spec §5 and §9: 20 characters, FILE_NAME_DISPLAY_LENGTH, for
 * every file name the app shows) while keeping its extension, which is what tells the user the
 * file type: "releve-bancaire-tres-long.pdf" → "releve-bancaire….pdf". Counts characters, not
 * UTF-16 units, so an emoji or accented letter is never cut in half. No other length is offered:
 * show the whole name in a `title` where it helps.
 */
export function shortenFileName(name: string): string {
  const max = FILE_NAME_DISPLAY_LENGTH;
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  if (max <= 1) return chars.slice(0, max).join('');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  // A "extension" that leaves almost no room for the name is not worth keeping (e.g. ".tar.gz-backup").
  if (extension.length === 0 || extension.length > max - 2)
    return `${chars.slice(0, max - 1).join('')}${ELLIPSIS}`;
  const stem = chars.slice(0, chars.length - extension.length);
  return `${stem.slice(0, max - extension.length - 1).join('')}${ELLIPSIS}${extension.join('')}`;
}
