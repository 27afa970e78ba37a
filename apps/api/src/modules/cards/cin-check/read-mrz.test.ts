import { describe, expect, it } from 'vitest';
import { CIN_PERSON, cinMrz } from '../../../../test/support/cin-images.ts';
import { findTd1Lines, fitToLength, looksLikeMrz, readTd1Mrz } from './read-mrz.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
const [L1, L2, L3] = cinMrz(CIN_PERSON);

describe('readTd1Mrz', () => {
  it('reads a clean zone among other lines of the back', () => {
    const outcome = readTd1Mrz(['Fils de MOHAMED', 'Sexe M', L1, L2, L3], NOW);
    expect(outcome).toEqual({
      found: true,
      valid: true,
      reading: {
        cin: 'BE123456',
        documentNumber: 'ZT4821937',
        lastName: 'EL AMRANI',
        firstName: 'YOUSSEF',
        birthday: '1991-02-14',
        expiry: '2031-07-09',
        compositeValid: true,
      },
    });
  });

  it('tolerates the usual OCR confusions: O for 0 in dates, « and spaces, K for <, a filler too many or too few', () => {
    const ocr = [
      `${L1.slice(0, 20)} ${L1.slice(20).replace('<<<', '<K<')}`,
      L2.replace('910214', '91O2I4').replace('<<<<<<<<<<<', '<<<<<<<<<<'),
      L3.replace('<<<<', '««««<'),
    ];
    const outcome = readTd1Mrz(ocr, NOW);
    expect(outcome).toMatchObject({
      found: true,
      valid: true,
      reading: { cin: 'BE123456', birthday: '1991-02-14' },
    });
  });

  it('keeps a reading whose composite digit alone was misread, and says so', () => {
    const outcome = readTd1Mrz([L1, `${L2.slice(0, 29)}0`, L3], NOW);
    expect(outcome).toMatchObject({ valid: true, reading: { compositeValid: false } });
  });

  it('refuses a zone whose field check digits are wrong', () => {
    const outcome = readTd1Mrz(cinMrz(CIN_PERSON, { brokenCheckDigits: true }), NOW);
    expect(outcome).toMatchObject({ found: true, valid: false });
  });

  it('finds no zone in a front', () => {
    expect(readTd1Mrz(['ROYAUME DU MAROC', 'YOUSSEF', 'Né le 14.02.1991'], NOW)).toEqual({ found: false });
  });

  it('puts a birth year in the past century when this one would be in the future', () => {
    const young = readTd1Mrz(cinMrz({ ...CIN_PERSON, birthday: '2005-06-30' }), NOW);
    expect(young).toMatchObject({ reading: { birthday: '2005-06-30' } });
    const old = readTd1Mrz(cinMrz({ ...CIN_PERSON, birthday: '1930-01-01' }), NOW);
    expect(old).toMatchObject({ reading: { birthday: '1930-01-01' } });
  });
});

describe('helpers', () => {
  it('fitToLength grows or shrinks the longest filler run', () => {
    expect(fitToLength('AB<<<<CD')).toHaveLength(30);
    expect(fitToLength('IDMARZT48219378BE123456<<<<<<<<<')).toBe('IDMARZT48219378BE123456<<<<<<<');
    expect(fitToLength('9102147M3107092MAR<<<<<<<<<<6')).toBe('9102147M3107092MAR<<<<<<<<<<<6');
  });

  it('findTd1Lines needs three lines of about 30 characters starting with a document code and MAR', () => {
    expect(findTd1Lines([L1, L2])).toBeNull();
    expect(findTd1Lines([L1, L2, L3])).toEqual([L1, L2, L3]);
  });

  it('looksLikeMrz spots a back read without a whitelist', () => {
    expect(looksLikeMrz('Fils de MOHAMED\nIDMARZT482193/8BE123456<<<<<<<')).toBe(true);
    expect(looksLikeMrz("ROYAUME DU MAROC\nCARTE NATIONALE D'IDENTITE")).toBe(false);
  });
});
