import { describe, expect, it } from 'vitest';
import { parseEmails, parsePhones, splitPhones } from './contact-parsing.ts';

describe('parseEmails', () => {
  it('splits on newlines, commas, semicolons, tabs and spaces, lower-cases and dedupes', () => {
    const text =
      'Salma@Acme.ma, karim@acme.ma;\r\nSALMA@acme.ma\tpas-un-email  "nadia@acme.ma" <hicham@acme.ma>;;';
    expect(parseEmails(text)).toEqual({
      valid: ['salma@acme.ma', 'karim@acme.ma', 'nadia@acme.ma', 'hicham@acme.ma'],
      invalid: ['pas-un-email'],
      duplicates: ['salma@acme.ma'],
    });
  });

  it('answers empty lists for blank text', () => {
    expect(parseEmails(' \n ;, ')).toEqual({ valid: [], invalid: [], duplicates: [] });
  });
});

describe('parsePhones', () => {
  it('normalises Moroccan numbers written in any local or international form', () => {
    const text = '0612345678\n+212698765432, 00212 7 11 22 33 44; 06.55.44.33.22\n06-01-02-03-04';
    expect(parsePhones(text).valid).toEqual([
      '+212612345678',
      '+212698765432',
      '+212711223344',
      '+212655443322',
      '+212601020304',
    ]);
  });

  it('keeps spaced numbers whole and still splits numbers separated by spaces', () => {
    expect(splitPhones('06 12 34 56 78 0698765432 +212 6 11 22 33 44')).toEqual([
      '06 12 34 56 78',
      '0698765432',
      '+212 6 11 22 33 44',
    ]);
    expect(parsePhones('0612345678 0698765432').valid).toEqual(['+212612345678', '+212698765432']);
  });

  it('reports invalid pieces as written and duplicates once, normalised', () => {
    expect(parsePhones('0612345678\n+212612345678\n06 12 34 56 78\n0812\nabc\n061234567')).toEqual({
      valid: ['+212612345678'],
      invalid: ['0812', 'abc', '061234567'],
      duplicates: ['+212612345678'],
    });
  });
});
