import { describe, expect, it } from 'vitest';
import { dateIn, readReceipt } from './read-receipt.ts';

/** Lines as tesseract returns them for a thermal ticket (noise included). */
const TICKET = [
  'CAFE DE LA GARE',
  '12 BD MOHAMMED V CASABLANCA',
  'ICE 001234567000089',
  'Date: 24/11/2026 12:41',
  '2 x THE A LA MENTHE 30,00',
  '1 x TAJINE POULET 85,00',
  'SOUS-TOTAL 115,00',
  'TVA 10% 10,45',
  'TOTAL TTC 115,00 DH',
  'ESPECES 200,00',
  'RENDU 85,00',
  'MERCI DE VOTRE VISITE',
];

describe('readReceipt', () => {
  it('reads the total, the date and the merchant of a ticket', () => {
    expect(readReceipt(TICKET)).toEqual({
      amountCentimes: 11_500n,
      date: '2026-11-24',
      merchant: 'CAFE DE LA GARE',
    });
  });

  it('prefers TTC over a plain total, never a sub-total, VAT, cash given or change', () => {
    const lines = [
      'HOTEL ATLAS',
      'TOTAL HT 1 000,00',
      'TVA 200,00',
      'Total 1 200,00',
      'TTC 1 210,00',
      'RENDU 2 000,00',
    ];
    expect(readReceipt(lines).amountCentimes).toBe(121_000n);
  });

  it('reads "Montant" and an amount on the line below its label', () => {
    expect(readReceipt(['STATION AFRIQUIA', 'Montant', '450.00 MAD']).amountCentimes).toBe(45_000n);
    expect(readReceipt(['ONCF', 'Montant payé : 1.250,50 DH']).amountCentimes).toBe(125_050n);
    // Not the next line when it is another labelled line (the cash given, read out of order).
    expect(readReceipt(['CAFE', 'TOTAL TTC', 'ESPECES 200,00', '115,00 DH']).amountCentimes).toBe(11_500n);
  });

  it('fixes an O read for a zero in the cents', () => {
    expect(readReceipt(['X', 'TOTAL 152,4O']).amountCentimes).toBe(15_240n);
  });

  it('falls back on the largest amount marked DH when no label is read', () => {
    expect(readReceipt(['PHARMACIE', '12,00 DH', '48,50 DH']).amountCentimes).toBe(4_850n);
  });

  it('leaves each field null when it is not there', () => {
    expect(readReceipt([])).toEqual({ amountCentimes: null, date: null, merchant: null });
    expect(readReceipt(['~~~ ###', '12345'])).toEqual({ amountCentimes: null, date: null, merchant: null });
  });
});

describe('dateIn', () => {
  it.each([
    ['24/11/2026', '2026-11-24'],
    ['Le 3-2-26 à 10h', '2026-02-03'],
    ['24.11.2026', '2026-11-24'],
    ['2026-11-24T10:00', '2026-11-24'],
    ['24 nov. 2026', '2026-11-24'],
    ['1 février 2027', '2027-02-01'],
    ['2O/11/2026', '2026-11-20'],
  ])('%s → %s', (line, day) => {
    expect(dateIn(line)).toBe(day);
  });

  it('refuses impossible dates', () => {
    expect(dateIn('31/02/2026')).toBeNull();
    expect(dateIn('12/13/2026')).toBeNull();
  });
});
