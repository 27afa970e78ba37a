import { describe, expect, it } from 'vitest';
import { readFront } from './read-front.ts';

/** What tesseract actually returned for a drawn front (Arabic read as Latin garbage included). */
const OCR_FRONT = [
  'ROYAUME DU MAROC dw yall aSlaall',
  "CARTE NATIONALE D'IDENTITE a peil) auido oll aslall",
  'YOUSSEF a',
  'EL AMRANI ol]',
  'Né le 14.02.1991',
  'a CASABLANCA ANFA',
  "Valable jusqu'au 09.07.2031",
  'BE123456',
];

describe('readFront', () => {
  it('reads names, dates and the CIN through the OCR noise', () => {
    expect(readFront(OCR_FRONT)).toEqual({
      cin: 'BE123456',
      firstName: 'YOUSSEF',
      lastName: 'EL AMRANI',
      birthday: '1991-02-14',
      expiry: '2031-07-09',
      looksLikeFront: true,
    });
  });

  it('fixes digit look-alikes in the CIN and the dates', () => {
    const reading = readFront(
      OCR_FRONT.map((line) => line.replace('BE123456', '8E 12345G').replace('14.02', '14.O2')),
    );
    expect(reading).toMatchObject({ cin: 'BE123456', birthday: '1991-02-14' });
  });

  it('takes the earliest and latest dates when the labels are unreadable', () => {
    const reading = readFront(
      OCR_FRONT.map((line) => line.replace('Né le', 'N1 1o').replace('Valable jusqu', 'Vaiabi')),
    );
    expect(reading).toMatchObject({ birthday: '1991-02-14', expiry: '2031-07-09' });
  });

  it('leaves a field null when it is not there, and refuses impossible dates', () => {
    const reading = readFront(
      OCR_FRONT.filter((line) => !line.startsWith('EL ')).map((l) => l.replace('14.02', '31.02')),
    );
    expect(reading).toMatchObject({ firstName: null, lastName: null, birthday: null });
  });

  it('does not take a back for a front', () => {
    expect(readFront(['Fils de MOHAMED', 'IDMARZT48219378BE123456<<<<<<<']).looksLikeFront).toBe(false);
  });
});
