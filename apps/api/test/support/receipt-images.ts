import sharp from 'sharp';
import { drawText, FONTS, fontFile } from './text-image.ts';

/**
 * Receipts drawn by the test suite (issue 15 ★): thermal-printer tickets and A5 invoices with a
 * merchant, a date, lines, sub-total, VAT and a total, in several layouts, rendered two ways
 * (Pango text through sharp, and SVG text through librsvg), then photographed: speckle noise, a
 * slight turn on a table, optionally a blurred low-quality JPEG. Deterministic: a seed gives the
 * same receipt and the same bytes, so a failure can be replayed (`receiptSpec(seed)`).
 */

export type ReceiptDateStyle = 'slash' | 'short' | 'dot' | 'iso' | 'words';
export type ReceiptTotalLabel = 'TOTAL TTC' | 'TOTAL' | 'MONTANT' | 'NET A PAYER';
export type ReceiptSpec = {
  merchant: string;
  /** YYYY-MM-DD */
  date: string;
  dateStyle: ReceiptDateStyle;
  items: { label: string; amountCentimes: number }[];
  totalLabel: ReceiptTotalLabel;
  renderer: 'pango' | 'svg';
  font: 'mono' | 'sans';
  /** Characters per line of the ticket (the paper's width). */
  columns: number;
  fontSize: number;
  rotate: number;
  noise: number;
  /** A quick phone photo: sheared, blurred, JPEG. */
  photo: boolean;
};

export const DEFAULT_RECEIPT: ReceiptSpec = {
  merchant: 'CAFE DE LA GARE',
  date: '2026-11-24',
  dateStyle: 'slash',
  items: [
    { label: 'THE A LA MENTHE', amountCentimes: 3_000 },
    { label: 'TAJINE POULET', amountCentimes: 8_540 },
  ],
  totalLabel: 'TOTAL TTC',
  renderer: 'pango',
  font: 'mono',
  columns: 32,
  fontSize: 26,
  rotate: 1.5,
  noise: 0.1,
  photo: false,
};

export function receiptTotal(spec: Pick<ReceiptSpec, 'items'>): number {
  return spec.items.reduce((sum, item) => sum + item.amountCentimes, 0);
}

const FRENCH_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

function printedDate(iso: string, style: ReceiptDateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (style) {
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'short':
      return `${d}-${m}-${y.slice(2)}`;
    case 'dot':
      return `${d}.${m}.${y}`;
    case 'iso':
      return iso;
    case 'words':
      return `${Number(d)} ${FRENCH_MONTHS[Number(m) - 1]} ${y}`;
  }
}

function money(centimes: number): string {
  const whole = Math.floor(centimes / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${String(centimes % 100).padStart(2, '0')}`;
}

/** A label on the left, an amount flush right, as a fixed-width printer lays it out. */
function row(label: string, amount: string, columns: number): string {
  const room = Math.max(1, columns - amount.length - 1);
  return `${label.slice(0, room).padEnd(room)} ${amount}`;
}

export function receiptLines(spec: ReceiptSpec): string[] {
  const total = receiptTotal(spec);
  const vat = Math.round(total - total / 1.1);
  const rule = '-'.repeat(spec.columns);
  return [
    spec.merchant,
    '12 BD MOHAMMED V CASABLANCA',
    'ICE 001234567000089',
    `Date: ${printedDate(spec.date, spec.dateStyle)} 12:41`,
    rule,
    ...spec.items.map((item) => row(item.label, money(item.amountCentimes), spec.columns)),
    rule,
    row('SOUS-TOTAL', money(total), spec.columns),
    row('TVA 10%', money(vat), spec.columns),
    row(spec.totalLabel, `${money(total)} DH`, spec.columns),
    row('ESPECES', money(Math.ceil(total / 10_000) * 10_000 + 10_000), spec.columns),
    'MERCI DE VOTRE VISITE',
  ];
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The ticket's paper, text in Pango through sharp. */
async function renderPango(lines: string[], spec: ReceiptSpec): Promise<Buffer> {
  const text = await drawText(lines.join('\n'), { size: spec.fontSize, font: spec.font });
  const onPaper = await sharp(text).flatten({ background: '#fbfaf5' }).toBuffer();
  return sharp(onPaper)
    .extend({ top: 50, bottom: 70, left: 36, right: 36, background: '#fbfaf5' })
    .png()
    .toBuffer();
}

/** The same ticket as an SVG page rendered by librsvg: another rasteriser, other glyph shapes. */
async function renderSvg(lines: string[], spec: ReceiptSpec): Promise<Buffer> {
  const charWidth = spec.fontSize * (spec.font === 'mono' ? 0.61 : 0.6);
  const lineHeight = Math.round(spec.fontSize * 1.35);
  const width = Math.round(spec.columns * charWidth + 72);
  const height = lines.length * lineHeight + 120;
  const family = spec.font === 'mono' ? FONTS.mono.family : FONTS.sans.family;
  const texts = lines
    .map(
      (line, i) =>
        `<text x="36" y="${60 + i * lineHeight}" xml:space="preserve">${escapeMarkup(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fbfaf5"/>
    <g font-family="${family}, monospace" font-size="${spec.fontSize}" fill="#1b1b1b">${texts}</g></svg>`;
  void fontFile; // librsvg finds DejaVu through fontconfig when installed, else its own fallback
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function addNoise(image: Buffer, seed: number, strength: number): Promise<Buffer> {
  if (strength <= 0) return image;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const random = seededRandom(seed);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) {
    const v = Math.round(random() * 255);
    pixels.fill(v, i, i + 3);
    pixels[i + 3] = Math.round(strength * 255);
  }
  const noise = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return sharp(image)
    .composite([{ input: noise, blend: 'over' }])
    .png()
    .toBuffer();
}

/** The receipt as photographed on a table (PNG, or a JPEG when `photo`). */
export async function drawReceipt(overrides: Partial<ReceiptSpec> = {}, seed = 1): Promise<Buffer> {
  const spec = { ...DEFAULT_RECEIPT, ...overrides };
  const lines = receiptLines(spec);
  const paper = spec.renderer === 'svg' ? await renderSvg(lines, spec) : await renderPango(lines, spec);
  const noisy = await addNoise(paper, seed, spec.noise);
  const turned = await sharp(noisy).rotate(spec.rotate, { background: '#4a4e55' }).toBuffer();
  const onTable = await sharp(turned)
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#4a4e55' })
    .png()
    .toBuffer();
  if (!spec.photo) return onTable;
  const sheared = await sharp(onTable)
    .affine(
      [
        [1, 0.02],
        [0.015, 1],
      ],
      { background: '#4a4e55' },
    )
    .toBuffer();
  return sharp(sheared).blur(0.8).jpeg({ quality: 60 }).toBuffer();
}

const MERCHANTS = [
  'CAFE DE LA GARE',
  'HOTEL ATLAS',
  'STATION AFRIQUIA',
  'RESTAURANT DAR SALAM',
  'MARJANE MARKET',
  'ONCF GARE RABAT',
];
const ITEMS = [
  'THE A LA MENTHE',
  'TAJINE POULET',
  'EAU MINERALE',
  'GASOIL',
  'NUITEE CHAMBRE',
  'PETIT DEJEUNER',
  'BILLET TRAIN',
  'SANDWICH',
];
const STYLES: ReceiptDateStyle[] = ['slash', 'short', 'dot', 'iso', 'words'];
const LABELS: ReceiptTotalLabel[] = ['TOTAL TTC', 'TOTAL', 'MONTANT', 'NET A PAYER'];

/** A varied receipt for a seed: merchant, date, 1–4 lines, label, layout, renderer, tilt, noise. */
export function receiptSpec(seed: number): ReceiptSpec {
  const random = seededRandom(seed * 7919 + 13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const itemCount = 1 + Math.floor(random() * 4);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const font = random() < 0.7 ? 'mono' : 'sans';
  return {
    merchant: pick(MERCHANTS),
    date: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    dateStyle: pick(STYLES),
    items: Array.from({ length: itemCount }, () => ({
      label: pick(ITEMS),
      amountCentimes: 500 + Math.floor(random() * 150_000),
    })),
    totalLabel: pick(LABELS),
    renderer: random() < 0.5 ? 'pango' : 'svg',
    font,
    columns: 28 + Math.floor(random() * 14),
    fontSize: 22 + Math.floor(random() * 10),
    rotate: Math.round((random() * 6 - 3) * 10) / 10,
    noise: Math.round(random() * 15) / 100,
    photo: random() < 0.3,
  };
}
