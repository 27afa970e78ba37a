import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  decodeCsvBuffer,
  detectSeparator,
  hasCsvExtension,
  looksLikeText,
  mapColumns,
  normalizeHeader,
  parseCsvText,
  parseFrenchDate,
  parseFrenchDecimal,
  parseInteger,
  readCsv,
  toExcelCsv,
} from './csv.ts';

const FRENCH_ROWS = 'nom;prenom;salaire\r\nBenaïssa;Hélène;1 500,50\r\nÉl Fassi;Noël;8000\r\n';

describe('decodeCsvBuffer', () => {
  it('reads UTF-8 with a BOM and drops the BOM', () => {
    const buffer = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FRENCH_ROWS, 'utf8')]);
    const { text, encoding } = decodeCsvBuffer(buffer);
    expect(encoding).toBe('utf-8');
    expect(text).toBe(FRENCH_ROWS);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('reads UTF-8 without a BOM', () => {
    const { text, encoding } = decodeCsvBuffer(Buffer.from(FRENCH_ROWS, 'utf8'));
    expect(encoding).toBe('utf-8');
    expect(text).toContain('Hélène');
  });

  it('reads Windows-1252 (what French Excel writes as "CSV séparateur point-virgule")', () => {
    const buffer = iconv.encode('nom;prenom\r\nBenaïssa;Hélène\r\nŒuvre;Zoé €\r\n', 'win1252');
    const { text, encoding } = decodeCsvBuffer(buffer);
    expect(encoding).toBe('windows-1252');
    expect(text).toBe('nom;prenom\r\nBenaïssa;Hélène\r\nŒuvre;Zoé €\r\n');
  });

  it('takes plain ASCII as UTF-8', () => {
    expect(decodeCsvBuffer(Buffer.from('a;b\r\n1;2')).encoding).toBe('utf-8');
  });

  it('reads UTF-16 with its BOM (Excel "Texte Unicode")', () => {
    const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('nom\tprénom\r\n', 'utf16le')]);
    expect(decodeCsvBuffer(buffer)).toEqual({ text: 'nom\tprénom\r\n', encoding: 'utf-16le' });
  });
});

describe('looksLikeText / hasCsvExtension', () => {
  it('accepts text in any of the encodings', () => {
    expect(looksLikeText(Buffer.from(FRENCH_ROWS))).toBe(true);
    expect(looksLikeText(iconv.encode(FRENCH_ROWS, 'win1252'))).toBe(true);
    expect(looksLikeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\tb', 'utf16le')]))).toBe(
      true,
    );
  });

  it('refuses PDF, xlsx (zip), old xls (OLE), images and binary data', () => {
    expect(looksLikeText(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(false);
    expect(looksLikeText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(false);
    expect(looksLikeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
    expect(looksLikeText(Buffer.from([0x41, 0x42, 0x00, 0x43]))).toBe(false);
    // A NUL past the sniffed start, or a UTF-16 one (PostgreSQL text cannot hold it).
    expect(looksLikeText(Buffer.concat([Buffer.from(`a;b\n${' '.repeat(9000)}`), Buffer.from([0x00])]))).toBe(
      false,
    );
    expect(
      looksLikeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a;\u0000', 'utf16le')])),
    ).toBe(false);
    expect(looksLikeText(Buffer.from(Array.from({ length: 200 }, (_, i) => (i % 2 ? 0x01 : 0x41))))).toBe(
      false,
    );
  });

  it('checks the extension, whatever the case', () => {
    expect(hasCsvExtension('salariés.CSV')).toBe(true);
    expect(hasCsvExtension('salaries.csv')).toBe(true);
    expect(hasCsvExtension('salaries.xlsx')).toBe(false);
    expect(hasCsvExtension('salaries.csv.pdf')).toBe(false);
    expect(hasCsvExtension(undefined)).toBe(false);
  });
});

describe('detectSeparator and parseCsvText', () => {
  it('detects ; , and tab, ; on a tie or a single column', () => {
    expect(detectSeparator('a;b;c\r\n1;2;3')).toBe(';');
    expect(detectSeparator('a,b,c\n1,2,3')).toBe(',');
    expect(detectSeparator('a\tb\n1\t2')).toBe('\t');
    expect(detectSeparator('matricule\r\nM1')).toBe(';');
    // Commas inside quotes do not count.
    expect(detectSeparator('"nom, prénom";cin\r\nx;y')).toBe(';');
  });

  it('splits CRLF lines, trims cells and keeps line numbers across blank lines', () => {
    const table = parseCsvText(' nom ; prenom \r\n\r\n Alaoui ;  Sara\r\n;;\r\nIdrissi;Omar\r\n\r\n');
    expect(table.separator).toBe(';');
    expect(table.headers).toEqual(['nom', 'prenom']);
    expect(table.records).toEqual([
      { line: 3, cells: ['Alaoui', 'Sara'] },
      { line: 5, cells: ['Idrissi', 'Omar'] },
    ]);
  });

  it('reads quoted fields with separators, quotes and newlines, and counts the lines they span', () => {
    const table = parseCsvText(
      'nom,adresse,note\n"Alaoui, Sara","12 rue ""Atlas""\nCasablanca",ok\nIdrissi,Rabat,"a;b"\n',
    );
    expect(table.separator).toBe(',');
    expect(table.records).toEqual([
      { line: 2, cells: ['Alaoui, Sara', '12 rue "Atlas"\nCasablanca', 'ok'] },
      { line: 4, cells: ['Idrissi', 'Rabat', 'a;b'] },
    ]);
  });

  it('reads a file without a final newline and LF-only files', () => {
    expect(parseCsvText('a;b\n1;2').records).toEqual([{ line: 2, cells: ['1', '2'] }]);
  });

  it('reads a whole Windows-1252 buffer end to end', () => {
    const table = readCsv(iconv.encode(FRENCH_ROWS, 'win1252'));
    expect(table.encoding).toBe('windows-1252');
    expect(table.records[0]?.cells).toEqual(['Benaïssa', 'Hélène', '1 500,50']);
    expect(table.records[1]?.cells[0]).toBe('Él Fassi');
  });

  it('gives an empty table for an empty file', () => {
    expect(readCsv(Buffer.alloc(0))).toMatchObject({ headers: [], records: [] });
  });
});

describe('headers', () => {
  it('normalises case, accents, spaces and punctuation', () => {
    expect(normalizeHeader('Prénom')).toBe('prenom');
    expect(normalizeHeader(' Date de naissance ')).toBe('date_de_naissance');
    expect(normalizeHeader('DATE-NAISSANCE')).toBe('date_naissance');
    expect(normalizeHeader('N° CIN')).toBe('n_cin');
    expect(normalizeHeader('E-mail')).toBe('e_mail');
    expect(normalizeHeader('Téléphone')).toBe('telephone');
  });

  it('maps French and English names onto columns and reports missing, duplicated and unknown ones', () => {
    const spec = {
      prenom: { aliases: ['first_name', 'prénom'], required: true },
      nom: { aliases: ['last_name'], required: true },
      cin: { aliases: ['n° cin'], required: true },
      email: { aliases: ['e-mail', 'mail'] },
    };
    const mapping = mapColumns(['First Name', 'NOM', 'Mail', 'E-mail', 'Service', ''], spec);
    expect(mapping.indexOf).toEqual({ prenom: 0, nom: 1, email: 2 });
    expect(mapping.missing).toEqual(['cin']);
    expect(mapping.duplicated).toEqual(['email']);
    expect(mapping.unknown).toEqual(['Service']);
    expect(cellOf({ line: 2, cells: ['Sara'] }, mapping, 'nom')).toBe('');
    expect(cellOf({ line: 2, cells: ['Sara', 'Alaoui'] }, mapping, 'nom')).toBe('Alaoui');
    expect(cellOf({ line: 2, cells: ['Sara'] }, mapping, 'cin')).toBe('');
  });
});

describe('parseFrenchDate', () => {
  it('reads dd/mm/yyyy and its variants into ISO', () => {
    expect(parseFrenchDate('15/03/1990')).toBe('1990-03-15');
    expect(parseFrenchDate('5/3/1990')).toBe('1990-03-05');
    expect(parseFrenchDate('15-03-1990')).toBe('1990-03-15');
    expect(parseFrenchDate('15.03.1990')).toBe('1990-03-15');
    expect(parseFrenchDate('29/02/2024')).toBe('2024-02-29');
    expect(parseFrenchDate('1990-03-15')).toBe('1990-03-15');
  });

  it('refuses days that do not exist, two-digit years and other formats', () => {
    expect(parseFrenchDate('31/02/2026')).toBeNull();
    expect(parseFrenchDate('29/02/2025')).toBeNull();
    expect(parseFrenchDate('31/04/2026')).toBeNull();
    expect(parseFrenchDate('00/01/2026')).toBeNull();
    expect(parseFrenchDate('12/13/2026')).toBeNull();
    expect(parseFrenchDate('15/03/90')).toBeNull();
    expect(parseFrenchDate('1990/03/15')).toBeNull();
    expect(parseFrenchDate('15 mars 1990')).toBeNull();
    expect(parseFrenchDate('')).toBeNull();
  });
});

describe('parseFrenchDecimal', () => {
  it('reads French and English decimals in hundredths', () => {
    expect(parseFrenchDecimal('1 500,50')).toBe(150050n);
    expect(parseFrenchDecimal('1\u00a0500,50')).toBe(150050n);
    expect(parseFrenchDecimal('1\u202f500,5')).toBe(150050n);
    expect(parseFrenchDecimal('1500.50')).toBe(150050n);
    expect(parseFrenchDecimal('1.500,50')).toBe(150050n);
    expect(parseFrenchDecimal('1,500.50')).toBe(150050n);
    expect(parseFrenchDecimal('1.500.000')).toBe(150000000n);
    expect(parseFrenchDecimal('8000')).toBe(800000n);
    expect(parseFrenchDecimal('8 000 DH')).toBe(800000n);
    expect(parseFrenchDecimal('22,5')).toBe(2250n);
    expect(parseFrenchDecimal(',5')).toBe(50n);
    expect(parseFrenchDecimal('-3,25')).toBe(-325n);
    expect(parseFrenchDecimal('0')).toBe(0n);
  });

  it('takes a lone comma as the French decimal mark', () => {
    expect(parseFrenchDecimal('1,500')).toBeNull(); // three decimals: not centimes
    expect(parseFrenchDecimal('1,50')).toBe(150n);
  });

  it('refuses text, more than two decimals and malformed groups', () => {
    expect(parseFrenchDecimal('abc')).toBeNull();
    expect(parseFrenchDecimal('')).toBeNull();
    expect(parseFrenchDecimal('12,345')).toBeNull();
    expect(parseFrenchDecimal('1,2,3')).toBeNull();
    expect(parseFrenchDecimal('1500.000,5')).toBeNull();
    expect(parseFrenchDecimal('1e5')).toBeNull();
    expect(parseFrenchDecimal('--5')).toBeNull();
  });

  it('reads integers', () => {
    expect(parseInteger(' 10 ')).toBe(10);
    expect(parseInteger('-1')).toBe(-1);
    expect(parseInteger('3,5')).toBeNull();
    expect(parseInteger('')).toBeNull();
  });
});

describe('toExcelCsv', () => {
  it('writes UTF-8 with BOM, ; and CRLF, quoting where needed and neutralising formulas', () => {
    const csv = toExcelCsv(
      ['nom', 'note', 'telephone', 'montant'],
      [
        ['Benaïssa', 'a;b', '+212612345678', '-1500,00'],
        ['Alaoui', '=HYPERLINK("x")', '0612345678', '@SUM(A1)'],
      ],
    );
    expect(csv.startsWith('\uFEFFnom;note;telephone;montant\r\n')).toBe(true);
    expect(csv).toContain('Benaïssa;"a;b";+212612345678;-1500,00\r\n');
    expect(csv).toContain(`Alaoui;"'=HYPERLINK(""x"")";0612345678;'@SUM(A1)\r\n`);
    expect(csv.endsWith('\r\n')).toBe(true);
    // Reads back to the same cells.
    expect(readCsv(Buffer.from(csv, 'utf8')).records[0]?.cells).toEqual([
      'Benaïssa',
      'a;b',
      '+212612345678',
      '-1500,00',
    ]);
  });
});
