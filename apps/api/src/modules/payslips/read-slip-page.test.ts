import { describe, expect, it } from 'vitest';
import { findPeriod, parseAmount, readSlipPage } from './read-slip-page.ts';

describe('the period of a slip', () => {
  it.each([
    [['Période : Novembre 2026'], { month: 11, year: 2026 }],
    [['PERIODE DE PAIE : DÉCEMBRE 2026'], { month: 12, year: 2026 }],
    [['Mois de paie : 02/2027'], { month: 2, year: 2027 }],
    [['Bulletin', 'Paie du mois d’août 2026'], { month: 8, year: 2026 }],
    [['Date d’embauche : 15/03/2019', 'Du 01/11/2026 au 30/11/2026'], { month: 11, year: 2026 }],
    [['Date d’embauche : mars 2019', 'Novembre 2026'], { month: 11, year: 2026 }],
    [['Salaire de base 6 400,00'], null],
  ])('%j → %j', (lines, expected) => {
    expect(
      findPeriod(
        lines.map((l) =>
          l
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toUpperCase(),
        ),
      ),
    ).toEqual(expected);
  });
});

describe('amounts and figures', () => {
  it('reads the French formats payroll programs print', () => {
    expect(parseAmount('12 345,67')).toBe(1_234_567n);
    expect(parseAmount('12.345,67')).toBe(1_234_567n);
    expect(parseAmount('345.60')).toBe(34_560n);
    expect(parseAmount('12')).toBeNull();
  });

  it('takes a no-break or narrow no-break space as a thousands separator, like a plain one', () => {
    // Excel, LibreOffice and Intl's fr-FR / fr-MA print U+202F or U+00A0 between thousands.
    for (const space of [' ', '\u00A0', '\u202F']) {
      expect(parseAmount(`12${space}345,67`)).toBe(1_234_567n);
      expect(parseAmount(`1${space}234${space}567,89`)).toBe(123_456_789n);
      const page = readSlipPage([
        `Salaire brut  12${space}345,67`,
        `Net à payer${space}:${space}9${space}876,54${space}DH`,
      ]);
      expect(page.figures).toMatchObject({ gross: 1_234_567n, net: 987_654n });
    }
  });

  it('reads amounts as other PDF producers write them', () => {
    expect(parseAmount('12,345.67')).toBe(1_234_567n); // English-style programs
    expect(parseAmount("12'345.67")).toBe(1_234_567n); // Swiss-style
    expect(parseAmount('12345,67')).toBe(1_234_567n);
    expect(parseAmount('1.234.567,89')).toBe(123_456_789n);
    expect(parseAmount('12.34.56')).toBeNull();
    expect(readSlipPage(['NET A PAYER 12,345.67']).figures.net).toBe(1_234_567n);
    expect(readSlipPage(["Net à payer 12'345.67"]).figures.net).toBe(1_234_567n);
    expect(readSlipPage(['Net à payer 1.234.567,89']).figures.net).toBe(123_456_789n);
    expect(readSlipPage([`Net à payer 12\u202F345,67 (douze mille…)`]).figures.net).toBe(1_234_567n);
  });

  it('takes the retenue, not the base or the rate, and ignores CNSS numbers', () => {
    const page = readSlipPage([
      'N° CNSS employeur : 1234567',
      'Affiliation CNSS : 7654321',
      'Salaire brut  9 000,00',
      'Cotisation CNSS  6 000,00  4,48 %  268,80',
      'A.M.O. 2,26% 203,40',
      'IR  512,00',
      'Net à payer  8 015,80',
    ]);
    expect(page.figures).toEqual({
      gross: 900_000n,
      cnss: 26_880n,
      amo: 20_340n,
      ir: 51_200n,
      net: 801_580n,
    });
  });

  it('reads the CIN after its label and the matricule only when it has a digit', () => {
    expect(readSlipPage(['Matricule  Nom  CIN', 'C.I.N : bk 123456'])).toMatchObject({
      cin: 'BK123456',
      serial: null,
    });
    expect(readSlipPage(['Mat. : M0042    SALMA BENNANI'])).toMatchObject({ serial: 'M0042', cin: null });
  });
});
