/** pdf-lib's standard fonts speak WinAnsi: keep what it can draw, fold accents of the rest. */
export function printable(text: string): string {
  const allowed = /[\x20-\x7e\xa0-\xff’‘“”•–—…œŒ€]/;
  let out = '';
  for (const char of text) {
    if (allowed.test(char)) out += char;
    else {
      const folded = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += allowed.test(folded) && folded.length === 1 ? folded : '?';
    }
  }
  return out;
}
