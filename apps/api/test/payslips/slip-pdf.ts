/**
 * Realistic Moroccan pay-slip PDFs for the tests and the bench, written by two different producers
 * so the parser is not tuned to one text order: pdf-lib (header first, label and value as separate
 * text runs, "Période : Novembre 2026") and pdfkit (figures table drawn before the header,
 * upper-case month, "Mois de paie : 11/2026", label and value in one run). Scanned pages are a PNG
 * with no text layer; the encrypted file is pdfkit's RC4/AES encryption.
 */
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';

export type SlipPerson = { firstName: string; lastName: string; cin?: string | null; serial?: string | null };
export type SlipSpec = {
  person: SlipPerson;
  month: number;
  year: number;
  /** Monthly gross in DH (whole); the deductions and the net follow Moroccan rates. */
  gross?: number;
  /** Pages of this slip (a long list of gains spills onto a second page with no identifier). */
  pages?: 1 | 2;
  /** Write the name on the slip (true by default). */
  withName?: boolean;
  /** A company logo (PNG) in the header, as some payroll programs print. */
  logo?: Buffer;
};
/** A scanned page: a grey scan with nothing readable, or the given picture of a slip. */
export type PageSpec = SlipSpec | { scanned: true; image?: Buffer };

export const FRENCH_MONTHS = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
];

const COMPANY = {
  name: 'ATLAS DISTRIBUTION SARL',
  address: '45, boulevard Zerktouni, 20250 Casablanca',
  cnss: '1234567',
  ice: '001524789000045',
};

/** "12 345,67": the French format payroll software prints. */
export function dh(centimes: number): string {
  const units = Math.floor(centimes / 100);
  const cents = String(centimes % 100).padStart(2, '0');
  return `${String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`;
}

/** The figures of a slip in centimes, from the gross, with the 2026 rates (CNSS capped at 6 000 DH). */
export function slipFigures(grossDh: number) {
  const gross = grossDh * 100;
  const cnss = Math.round(Math.min(gross, 600_000) * 0.0448);
  const amo = Math.round(gross * 0.0226);
  const taxable = gross - cnss - amo - Math.round(gross * 0.2);
  const ir = Math.max(0, Math.round(taxable * 0.1) - 25_000);
  return { gross, cnss, amo, ir, net: gross - cnss - amo - ir };
}

const GAINS = [
  ['Salaire de base', 0.8],
  ['Prime d’ancienneté', 0.05],
  ['Indemnité de transport', 0.05],
  ['Heures supplémentaires', 0.1],
] as const;

/** pdf-lib: A4, label and value as separate runs, the header drawn first. */
export async function payrollPdfWithPdfLib(pages: PageSpec[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setProducer('Sage Paie i7 (test)');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let png: Awaited<ReturnType<PDFDocument['embedPng']>> | null = null;
  for (const spec of pages) {
    if ('scanned' in spec) {
      const page = pdf.addPage([595, 842]);
      if (spec.image) {
        const picture = await pdf.embedPng(spec.image);
        const width = 515;
        const height = (picture.height / picture.width) * width;
        page.drawImage(picture, { x: 40, y: 800 - height, width, height });
        continue;
      }
      png ??= await pdf.embedPng(grayPng(120, 170));
      page.drawImage(png, { x: 40, y: 60, width: 515, height: 730 });
      continue;
    }
    const f = slipFigures(spec.gross ?? 8000);
    const first = pdf.addPage([595, 842]);
    const text = (page: PDFPage, s: string, x: number, y: number, useFont: PDFFont = font, size = 9) =>
      page.drawText(s, { x, y, size, font: useFont });
    if (spec.logo) first.drawImage(await pdf.embedPng(spec.logo), { x: 480, y: 780, width: 60, height: 50 });
    text(first, COMPANY.name, 40, 800, bold, 12);
    text(first, COMPANY.address, 40, 786);
    text(first, `N° CNSS employeur : ${COMPANY.cnss}`, 40, 774);
    text(first, `ICE : ${COMPANY.ice}`, 360, 774);
    text(first, 'BULLETIN DE PAIE', 230, 750, bold, 13);
    text(first, 'Période :', 40, 730);
    text(first, `${FRENCH_MONTHS[spec.month - 1]} ${spec.year}`, 90, 730);
    if (spec.person.serial) {
      text(first, 'Matricule :', 40, 712);
      text(first, spec.person.serial, 100, 712);
    }
    if (spec.withName !== false) {
      text(first, 'Nom et prénom :', 200, 712);
      text(first, `${spec.person.lastName.toUpperCase()} ${spec.person.firstName}`, 280, 712);
    }
    if (spec.person.cin) {
      text(first, 'CIN :', 430, 712);
      text(first, spec.person.cin, 460, 712);
    }
    text(first, 'N° CNSS : 112233445', 40, 698);
    text(first, 'Date d’embauche : 15/03/2019', 200, 698);
    text(first, 'Rubrique', 40, 670, bold);
    text(first, 'Base', 260, 670, bold);
    text(first, 'Gains', 380, 670, bold);
    text(first, 'Retenues', 480, 670, bold);
    let y = 652;
    let page = first;
    GAINS.forEach(([label, share], i) => {
      if (spec.pages === 2 && i === 2) {
        text(page, 'Suite page suivante', 40, 60);
        page = pdf.addPage([595, 842]);
        text(page, 'Rubrique (suite)', 40, 800, bold);
        y = 780;
      }
      text(page, label, 40, y);
      text(page, dh(Math.round(f.gross * share)), 380, y);
      y -= 16;
    });
    const line = (label: string, base: string, amount: number) => {
      text(page, label, 40, y);
      if (base) text(page, base, 260, y);
      text(page, dh(amount), 480, y);
      y -= 16;
    };
    text(page, 'Salaire brut', 40, y, bold);
    text(page, dh(f.gross), 380, y, bold);
    y -= 16;
    line('Cotisation CNSS', '4,48 %', f.cnss);
    line('Cotisation AMO', '2,26 %', f.amo);
    line('IR', '', f.ir);
    text(page, 'Net à payer', 40, y - 10, bold, 11);
    text(page, dh(f.net), 470, y - 10, bold, 11);
    text(page, 'Mode de paiement : Virement', 40, y - 40);
  }
  return Buffer.from(await pdf.save());
}

type KitOptions = { password?: string };

/**
 * pdfkit: the figures are written before the header (so the content stream runs bottom-up), the
 * month in capitals or as "11/2026", label and value in one run.
 */
export function payrollPdfWithPdfKit(pages: PageSpec[], options: KitOptions = {}): Promise<Buffer> {
  const doc = new PDFKit({
    size: 'A4',
    autoFirstPage: false,
    info: { Producer: 'Paie Maroc Fiduciaire (test)' },
    ...(options.password ? { userPassword: options.password, pdfVersion: '1.7' as const } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const spec of pages) {
    doc.addPage({ size: 'A4', margin: 36 });
    if ('scanned' in spec) {
      doc.image(grayPng(100, 140), 36, 36, { width: 520 });
      continue;
    }
    const f = slipFigures(spec.gross ?? 8000);
    const at = (s: string, x: number, y: number, size = 9) =>
      doc.fontSize(size).text(s, x, y, { lineBreak: false });
    // Figures first, bottom of the page.
    doc.font('Helvetica');
    let y = 300;
    for (const [label, share] of GAINS) {
      at(label, 40, y);
      at(dh(Math.round(f.gross * share)), 330, y);
      y += 16;
    }
    doc.font('Helvetica-Bold');
    at(`TOTAL BRUT ${dh(f.gross)}`, 40, y);
    doc.font('Helvetica');
    at(`C.N.S.S. 4,48% ${dh(f.cnss)}`, 40, y + 16);
    at(`A.M.O. 2,26% ${dh(f.amo)}`, 40, y + 32);
    at(`I.R. ${dh(f.ir)}`, 40, y + 48);
    if (spec.pages !== 2) {
      doc.font('Helvetica-Bold');
      at(`NET A PAYER ${dh(f.net)} DH`, 300, y + 90, 11);
    }
    // Then the header, at the top.
    doc.font('Helvetica-Bold');
    at(COMPANY.name, 40, 40, 12);
    doc.font('Helvetica');
    at(`Affiliation CNSS : ${COMPANY.cnss}   ICE : ${COMPANY.ice}`, 40, 58);
    at('BULLETIN DE SALAIRE', 220, 90, 13);
    at(`Mois de paie : ${String(spec.month).padStart(2, '0')}/${spec.year}`, 40, 120);
    const who = [
      spec.person.serial ? `Mat. : ${spec.person.serial}` : '',
      spec.withName !== false ? `${spec.person.firstName} ${spec.person.lastName}`.toUpperCase() : '',
      spec.person.cin ? `C.I.N : ${spec.person.cin}` : '',
    ];
    at(who.filter(Boolean).join('    '), 40, 140);
    at(`Du 01/${String(spec.month).padStart(2, '0')}/${spec.year}`, 420, 120);
    if (spec.pages === 2) {
      doc.addPage({ size: 'A4', margin: 36 });
      doc.font('Helvetica');
      at('Cumuls annuels et congés', 40, 60);
      doc.font('Helvetica-Bold');
      at(`NET A PAYER ${dh(f.net)} DH`, 300, 120, 11);
    }
  }
  doc.end();
  return done;
}

/** A PNG of random grey pixels: it does not compress, so its size is about width × height bytes. */
export function noisePng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) randomFillSync(raw, y * (width + 1) + 1, width);
  return pngOf(width, height, raw);
}

/** A grey PNG with a darker band, as a scanner would give (no text layer). */
export function grayPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = y % 20 < 3 ? 60 : 235;
  }
  return pngOf(width, height, raw);
}

function pngOf(width: number, height: number, raw: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
