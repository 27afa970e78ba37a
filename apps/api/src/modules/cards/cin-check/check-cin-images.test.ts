import { CIN_PHOTO_HINTS_FR } from '@tasbiq/contracts/cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blankPhoto,
  CIN_PERSON,
  cinPerson,
  drawCinBack,
  drawCinFront,
  OTHER_CIN_PERSON,
  pdfNamedPng,
  photoLike,
} from '../../../../test/support/cin-images.ts';
import { shutdownOcr } from '../../../lib/ocr/recognize.ts';
import { type CinCheckInput, checkCinImages } from './check-cin-images.ts';

// The real pipeline end to end (sharp, tesseract.js workers, mrz), on cards the suite draws. One
// shared worker for the file (the app's pool), stopped at the end.
afterAll(() => shutdownOcr());

/** A fixed moment: the check never reads the clock. */
const NOW = new Date('2026-11-24T10:00:00Z');

let front: Buffer;
let back: Buffer;
beforeAll(async () => {
  [front, back] = await Promise.all([drawCinFront(), drawCinBack()]);
});

function check(overrides: Partial<CinCheckInput>) {
  return checkCinImages({
    front,
    back,
    expectedCin: CIN_PERSON.cin,
    now: NOW,
    expiryMarginDays: 30,
    ...overrides,
  });
}

describe('checkCinImages reads a Moroccan electronic CIN', () => {
  it('accepts the employee own card and returns what it says, with progress for each step', async () => {
    const steps: string[] = [];
    const result = await check({
      expectedCin: ' be123456 ',
      onProgress: ({ step, fraction }) => steps.push(`${step}:${fraction}`),
    });
    expect(result).toEqual({
      ok: true,
      reading: {
        cin: 'BE123456',
        firstName: 'YOUSSEF',
        lastName: 'EL AMRANI',
        birthday: '1991-02-14',
        expiry: '2031-07-09',
      },
    });
    expect(steps[0]).toBe('front:0');
    expect(steps).toContain('front:1');
    expect(steps).toContain('back:1');
    expect(steps.at(-1)).toBe('checks:1');
  });

  it('accepts the same card as a quick phone photo: sheared, blurred, low-quality JPEG', async () => {
    const result = await check({ front: await photoLike(front), back: await photoLike(back) });
    expect(result).toMatchObject({ ok: true, reading: { cin: 'BE123456', expiry: '2031-07-09' } });
  });

  it('accepts another card turned the other way, saved as JPEG', async () => {
    const result = await check({
      front: await drawCinFront(OTHER_CIN_PERSON, { rotate: -2, jpegQuality: 55 }),
      back: await drawCinBack(OTHER_CIN_PERSON, { rotate: -2, jpegQuality: 55 }),
      expectedCin: OTHER_CIN_PERSON.cin,
    });
    expect(result).toEqual({
      ok: true,
      reading: {
        cin: 'JK784512',
        firstName: 'SALMA',
        lastName: 'BERRADA',
        birthday: '1988-11-03',
        expiry: '2029-03-21',
      },
    });
  });
});

describe('checkCinImages refuses with the spec codes', () => {
  it('CIN_MISMATCH: both sides of another person card', async () => {
    const result = await check({
      front: await drawCinFront(OTHER_CIN_PERSON),
      back: await drawCinBack(OTHER_CIN_PERSON),
    });
    expect(result).toEqual({ ok: false, code: 'CIN_MISMATCH' });
  });

  it('CIN_SIDES_MISMATCH: the front of one card, the back of another', async () => {
    const result = await check({ back: await drawCinBack(OTHER_CIN_PERSON) });
    expect(result).toEqual({ ok: false, code: 'CIN_SIDES_MISMATCH' });
  });

  it('FAILED_OCR with a hint on the back: a machine-readable zone whose check digits are wrong', async () => {
    const result = await check({ back: await drawCinBack(CIN_PERSON, { brokenCheckDigits: true }) });
    expect(result).toEqual({
      ok: false,
      code: 'FAILED_OCR',
      hint: CIN_PHOTO_HINTS_FR.mrz.replace('{0}', 'Verso'),
    });
  });

  it('CIN_EXPIRED_SOON: a card that expires in 10 days (margin 30)', async () => {
    const soon = cinPerson({ expiry: '2026-12-04' });
    const result = await check({ front: await drawCinFront(soon), back: await drawCinBack(soon) });
    expect(result).toEqual({ ok: false, code: 'CIN_EXPIRED_SOON' });
  });

  it('FAILED_OCR with the "blank" hint: a photo of nothing', async () => {
    const result = await check({ front: await blankPhoto() });
    expect(result).toEqual({
      ok: false,
      code: 'FAILED_OCR',
      hint: CIN_PHOTO_HINTS_FR.blank.replace('{0}', 'Recto'),
    });
  });

  it('INVALID_FILES: a PDF named .png, a truncated JPEG, a file over 10 MB — before any OCR', async () => {
    const pdf = pdfNamedPng().bytes;
    const jpeg = await photoLike(front);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    const huge = Buffer.concat([front, Buffer.alloc(10 * 1024 * 1024)]);
    for (const bad of [pdf, truncated, huge]) {
      const result = await check({ front: bad });
      expect(result).toMatchObject({ ok: false, code: 'INVALID_FILES' });
    }
    expect(await check({ back: pdf })).toMatchObject({ ok: false, code: 'INVALID_FILES' });
  });

  it('MISSING_FRONT / MISSING_BACK: an empty side, or the other side sent in its place', async () => {
    expect(await check({ front: Buffer.alloc(0) })).toEqual({ ok: false, code: 'MISSING_FRONT' });
    expect(await check({ back: Buffer.alloc(0) })).toEqual({ ok: false, code: 'MISSING_BACK' });
    expect(await check({ front: back })).toEqual({
      ok: false,
      code: 'MISSING_FRONT',
      hint: CIN_PHOTO_HINTS_FR.wrongSideFront,
    });
    expect(await check({ back: front })).toEqual({
      ok: false,
      code: 'MISSING_BACK',
      hint: CIN_PHOTO_HINTS_FR.wrongSideBack,
    });
  });

  it.each([
    ['names', 'MISSING_NAME'],
    ['birthday', 'MISSING_BIRTHDAY'],
    ['expiry', 'MISSING_EXPIRY'],
  ] as const)('a glare over the %s of the front: %s with the "covered" hint', async (cover, code) => {
    const result = await check({ front: await drawCinFront(CIN_PERSON, { cover }) });
    expect(result).toEqual({ ok: false, code, hint: CIN_PHOTO_HINTS_FR.covered.replace('{0}', 'Recto') });
  });

  it('FAILED_OCR "too slow" when the time limit passes', async () => {
    expect(await check({ timeoutMs: 1 })).toEqual({
      ok: false,
      code: 'FAILED_OCR',
      hint: CIN_PHOTO_HINTS_FR.tooSlow,
    });
  });
});
