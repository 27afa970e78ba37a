import sharp from 'sharp';
import { drawText, type FontName } from './text-image.ts';

/**
 * Moroccan electronic CIN (CNIE) images drawn by the test suite: front and back at a phone
 * photo's size, real fonts (DejaVu, shipped as an npm package), a patterned background, a
 * photo placeholder, noise, a slight rotation on a table, and the back's ICAO TD1 machine-readable
 * zone with real check digits. Used by the CIN check's tests, the card API tests and Playwright.
 * Deterministic: the same person and options give the same bytes, so a failure can be replayed.
 */

export type CinPerson = {
  cin: string;
  firstName: string;
  lastName: string;
  firstNameAr: string;
  lastNameAr: string;
  /** YYYY-MM-DD */
  birthday: string;
  birthPlace: string;
  /** YYYY-MM-DD */
  expiry: string;
  sex: 'M' | 'F';
  /** The card's own serial (the MRZ document number), nine characters. */
  documentNumber: string;
  father: string;
  mother: string;
  address: string;
};

export const CIN_PERSON: CinPerson = {
  cin: 'BE123456',
  firstName: 'YOUSSEF',
  lastName: 'EL AMRANI',
  firstNameAr: 'يوسف',
  lastNameAr: 'العمراني',
  birthday: '1991-02-14',
  birthPlace: 'CASABLANCA ANFA',
  expiry: '2031-07-09',
  sex: 'M',
  documentNumber: 'ZT4821937',
  father: 'MOHAMED',
  mother: 'FATIMA BENNANI',
  address: '12 RUE IBN BATOUTA CASABLANCA',
};

export const OTHER_CIN_PERSON: CinPerson = {
  cin: 'JK784512',
  firstName: 'SALMA',
  lastName: 'BERRADA',
  firstNameAr: 'سلمى',
  lastNameAr: 'برادة',
  birthday: '1988-11-03',
  birthPlace: 'FES',
  expiry: '2029-03-21',
  sex: 'F',
  documentNumber: 'XK9034561',
  father: 'AHMED',
  mother: 'KHADIJA ALAOUI',
  address: '5 AVENUE HASSAN II FES',
};

/** A person with another CIN, e.g. `cinPerson({ expiry: '2026-12-04' })`. */
export function cinPerson(overrides: Partial<CinPerson> = {}): CinPerson {
  return { ...CIN_PERSON, ...overrides };
}

export const CARD_WIDTH = 1000;
export const CARD_HEIGHT = 630;

// ---- MRZ (ICAO 9303 part 5, TD1: 3 lines of 30) ----

const MRZ_WEIGHTS = [7, 3, 1];

function mrzValue(char: string): number {
  if (char === '<') return 0;
  if (/\d/.test(char)) return Number(char);
  return char.charCodeAt(0) - 55; // A = 10
}

export function mrzCheckDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) sum += mrzValue(text[i] ?? '<') * (MRZ_WEIGHTS[i % 3] ?? 1);
  return String(sum % 10);
}

function mrzField(text: string, length: number): string {
  return text
    .replace(/[^A-Z0-9<]+/g, '<')
    .padEnd(length, '<')
    .slice(0, length);
}

function mrzDate(isoDay: string): string {
  return isoDay.slice(2, 4) + isoDay.slice(5, 7) + isoDay.slice(8, 10);
}

/**
 * The three lines: document code ID, state MAR, the card serial and its check digit, the CIN in
 * the optional data; birth date, sex, expiry and their check digits, nationality, the composite
 * check digit; SURNAME<<GIVEN<NAMES. `brokenCheckDigits` changes every check digit by one.
 */
export function cinMrz(
  person: CinPerson,
  options: { brokenCheckDigits?: boolean } = {},
): [string, string, string] {
  const bump = (digit: string) => (options.brokenCheckDigits ? String((Number(digit) + 1) % 10) : digit);
  const documentNumber = mrzField(person.documentNumber, 9);
  const optional1 = mrzField(person.cin, 15);
  const birth = mrzDate(person.birthday);
  const expiry = mrzDate(person.expiry);
  const line1 = `IDMAR${documentNumber}${bump(mrzCheckDigit(documentNumber))}${optional1}`;
  const line2Start = `${birth}${bump(mrzCheckDigit(birth))}${person.sex}${expiry}${bump(mrzCheckDigit(expiry))}MAR${'<'.repeat(11)}`;
  const composite = mrzCheckDigit(
    line1.slice(5, 30) + line2Start.slice(0, 7) + line2Start.slice(8, 15) + line2Start.slice(18, 29),
  );
  const line2 = `${line2Start}${bump(composite)}`;
  const name = (text: string) => text.replace(/[^A-Z]+/g, '<');
  const line3 = mrzField(`${name(person.lastName)}<<${name(person.firstName)}`, 30);
  return [line1, line2, line3];
}

// ---- drawing ----

/** A small deterministic generator (mulberry32), so the noise is the same on every run. */
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

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

type TextItem = {
  text: string;
  left: number;
  top: number;
  size: number;
  font?: FontName;
  color?: string;
  spacing?: number;
};

function frenchDate(isoDay: string): string {
  return `${isoDay.slice(8, 10)}.${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}`;
}

/** The card's printed background: pale green-to-sand guilloche, a band, the photo and chip areas. */
function cardBackground(side: 'front' | 'back'): Buffer {
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = 40 + i * 42;
    return `<path d="M0 ${y} C 250 ${y - 30}, 500 ${y + 30}, 1000 ${y}" stroke="#b9d3c4" stroke-width="1.4" fill="none" opacity="0.7"/>`;
  }).join('');
  const frontParts = `
    <rect x="40" y="150" width="230" height="290" rx="10" fill="#c9c4bb"/>
    <circle cx="155" cy="250" r="62" fill="#a59f96"/>
    <rect x="75" y="320" width="160" height="120" rx="70" fill="#a59f96"/>
    <circle cx="900" cy="520" r="55" fill="none" stroke="#c0392b" stroke-width="3" opacity="0.35"/>`;
  const backParts = `
    <rect x="60" y="40" width="120" height="95" rx="12" fill="#d4af37" opacity="0.85"/>
    <rect x="0" y="400" width="1000" height="230" fill="#ffffff" opacity="0.88"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#eef5ee"/><stop offset="1" stop-color="#f6efe0"/></linearGradient></defs>
    <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="36" fill="url(#g)"/>
    ${waves}
    <rect x="0" y="0" width="${CARD_WIDTH}" height="18" fill="#b03a2e" opacity="0.8"/>
    ${side === 'front' ? frontParts : backParts}
  </svg>`;
  return Buffer.from(svg);
}

function frontItems(person: CinPerson): TextItem[] {
  return [
    { text: 'ROYAUME DU MAROC', left: 40, top: 34, size: 30, font: 'sansBold' },
    { text: 'المملكة المغربية', left: 720, top: 30, size: 32 },
    { text: "CARTE NATIONALE D'IDENTITE", left: 40, top: 84, size: 26 },
    { text: 'البطاقة الوطنية للتعريف', left: 700, top: 84, size: 26 },
    { text: person.firstName, left: 310, top: 160, size: 34, font: 'sansBold' },
    { text: person.firstNameAr, left: 820, top: 158, size: 34 },
    { text: person.lastName, left: 310, top: 215, size: 34, font: 'sansBold' },
    { text: person.lastNameAr, left: 790, top: 213, size: 34 },
    { text: `Né le ${frenchDate(person.birthday)}`, left: 310, top: 285, size: 30 },
    { text: `à ${person.birthPlace}`, left: 310, top: 335, size: 30 },
    { text: `Valable jusqu'au ${frenchDate(person.expiry)}`, left: 310, top: 400, size: 30 },
    { text: person.cin, left: 60, top: 500, size: 46, font: 'sansBold', color: '#8e1b12', spacing: 2 },
  ];
}

function backItems(person: CinPerson, mrz: [string, string, string]): TextItem[] {
  return [
    { text: `Fils de ${person.father}`, left: 220, top: 50, size: 26 },
    { text: `et de ${person.mother}`, left: 220, top: 95, size: 26 },
    { text: `Adresse ${person.address}`, left: 60, top: 175, size: 26 },
    { text: `Sexe ${person.sex}`, left: 60, top: 230, size: 26 },
    { text: `N° ${person.documentNumber}`, left: 60, top: 300, size: 26 },
    ...mrz.map((line, i) => ({ text: line, left: 52, top: 425 + i * 64, size: 45, font: 'mono' as const })),
  ];
}

/** Covers part of the card, as a glare or a finger would: the field under it is unreadable. */
export type CinCover = 'names' | 'birthday' | 'expiry' | 'cin';
const COVERS: Record<CinCover, { left: number; top: number; width: number; height: number }> = {
  names: { left: 295, top: 150, width: 420, height: 115 },
  birthday: { left: 295, top: 278, width: 420, height: 50 },
  expiry: { left: 295, top: 393, width: 560, height: 50 },
  cin: { left: 45, top: 490, width: 320, height: 70 },
};

async function drawCard(items: TextItem[], side: 'front' | 'back', cover?: CinCover): Promise<Buffer> {
  const layers = await Promise.all(
    items.map(async (item) => ({
      input: await drawText(item.text, {
        size: item.size,
        font: item.font,
        color: item.color,
        letterSpacing: item.spacing,
      }),
      left: item.left,
      top: item.top,
    })),
  );
  const glare = cover
    ? [
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${COVERS[cover].width}" height="${COVERS[cover].height}"><rect width="100%" height="100%" rx="20" fill="#fbfbf8"/></svg>`,
          ),
          left: COVERS[cover].left,
          top: COVERS[cover].top,
        },
      ]
    : [];
  return sharp(cardBackground(side))
    .composite([...layers, ...glare])
    .png()
    .toBuffer();
}

/** Sensor noise: grey speckles at low opacity over the whole photo. */
async function addNoise(image: Buffer, seed: number, strength: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const random = seededRandom(seed);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) {
    const v = Math.round(random() * 255);
    pixels[i] = v;
    pixels[i + 1] = v;
    pixels[i + 2] = v;
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

export type CinPhotoOptions = {
  /** Degrees, clockwise; a hand-held photo is rarely straight. Default 1.5. */
  rotate?: number;
  /** 0–1 opacity of the speckle noise. Default 0.12. */
  noise?: number;
  cover?: CinCover;
  /** 'png' (default) or a JPEG of this quality (1–100). */
  jpegQuality?: number;
};

/** The card as photographed: noise, then laid on a dark table with a margin and a slight turn. */
async function photograph(card: Buffer, seed: number, options: CinPhotoOptions): Promise<Buffer> {
  const noisy = await addNoise(card, seed, options.noise ?? 0.12);
  const turned = await sharp(noisy)
    .rotate(options.rotate ?? 1.5, { background: '#3b3f45' })
    .toBuffer();
  const onTable = sharp(turned).extend({ top: 70, bottom: 70, left: 90, right: 90, background: '#3b3f45' });
  return options.jpegQuality
    ? onTable.jpeg({ quality: options.jpegQuality }).toBuffer()
    : onTable.png().toBuffer();
}

export async function drawCinFront(
  person: CinPerson = CIN_PERSON,
  options: CinPhotoOptions = {},
): Promise<Buffer> {
  const card = await drawCard(frontItems(person), 'front', options.cover);
  return photograph(card, seedOf(`front${person.cin}`), options);
}

export async function drawCinBack(
  person: CinPerson = CIN_PERSON,
  options: CinPhotoOptions & { brokenCheckDigits?: boolean } = {},
): Promise<Buffer> {
  const card = await drawCard(backItems(person, cinMrz(person, options)), 'back', options.cover);
  return photograph(card, seedOf(`back${person.cin}`), options);
}

/**
 * The same image as a quick phone photo: a little perspective (shear), out of focus, then saved
 * as a low-quality JPEG, as a messaging app would.
 */
export async function photoLike(
  image: Buffer,
  options: { blur?: number; quality?: number } = {},
): Promise<Buffer> {
  const sheared = await sharp(image)
    .affine(
      [
        [1, 0.035],
        [0.02, 1],
      ],
      { background: '#3b3f45' },
    )
    .toBuffer();
  return sharp(sheared)
    .blur(options.blur ?? 1.1)
    .jpeg({ quality: options.quality ?? 45 })
    .toBuffer();
}

/** A photo of nothing: an evenly lit pale surface (lens against a wall). */
export function blankPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e9e6e1' } })
    .png()
    .toBuffer();
}

/** A photo taken in the dark: the card is there but barely above black. */
export async function darkPhoto(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.08, 0).jpeg({ quality: 60 }).toBuffer();
}

/** A PDF (a real, minimal one) saved under a .png name: the bytes say what it is. */
export function pdfNamedPng(): { filename: string; bytes: Buffer } {
  const pdf = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return { filename: 'cin-recto.png', bytes: Buffer.from(pdf) };
}
