import { FILE_NAME_DISPLAY_LENGTH } from '@tasbiq/contracts/constants';
import { describe, expect, it } from 'vitest';
import { shortenFileName } from './file-name.ts';

describe('shortenFileName', () => {
  it('leaves short names alone', () => {
    expect(shortenFileName('recu.png')).toBe('recu.png');
    expect(shortenFileName('exactement-20-c.pdf')).toBe('exactement-20-c.pdf');
  });

  it('cuts the name, keeps the extension, and fits in 20 characters', () => {
    const short = shortenFileName('releve-bancaire-tres-long.pdf');
    expect(short).toBe('releve-bancaire….pdf');
    expect(Array.from(short)).toHaveLength(20);
  });

  it('uses the spec length for every name', () => {
    expect(FILE_NAME_DISPLAY_LENGTH).toBe(20);
    expect(shortenFileName('facture-restaurant-du-mois.jpeg')).toBe('facture-restau….jpeg');
    expect(shortenFileName('salaries-atlas-novembre-2026.csv')).toBe('salaries-atlas-….csv');
  });

  it('cuts names without a usable extension at the end', () => {
    expect(shortenFileName('un-fichier-sans-extension-du-tout')).toBe('un-fichier-sans-ext…');
    expect(shortenFileName('.fichier-cache-tres-long-nom')).toBe('.fichier-cache-tres…');
    expect(shortenFileName('archive.une-extension-bien-trop-longue')).toBe('archive.une-extensi…');
  });

  it('never splits a character in two', () => {
    const short = shortenFileName('reçu-été-😀😀😀😀😀😀😀😀😀.png');
    expect(Array.from(short)).toHaveLength(20);
    expect(short.endsWith('….png')).toBe(true);
    expect(short).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
