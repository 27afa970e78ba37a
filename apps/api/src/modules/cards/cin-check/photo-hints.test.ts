import { describe, expect, it } from 'vitest';
import {
  blankPhoto,
  darkPhoto,
  drawCinBack,
  drawCinFront,
  photoLike,
} from '../../../../test/support/cin-images.ts';
import { preprocessForOcr } from '../../../lib/ocr/preprocess.ts';
import { photoHint, photoProblem } from './photo-hints.ts';

async function problemOf(image: Buffer) {
  return photoProblem((await preprocessForOcr(image)).quality);
}

// The measures come from the real preprocessing of drawn cards (sharp); no OCR runs here.
describe('photoProblem', () => {
  it('finds nothing wrong with a clean card or a quick phone photo of it', async () => {
    const front = await drawCinFront();
    expect(await problemOf(front)).toBe('framing');
    expect(await problemOf(await photoLike(front))).toBe('framing');
  });

  it('tells a blank, a dark, an overexposed and a blurred photo apart', async () => {
    const back = await drawCinBack();
    expect(await problemOf(await blankPhoto())).toBe('blank');
    expect(await problemOf(await darkPhoto(back))).toBe('dark');
    const { default: sharp } = await import('sharp');
    expect(await problemOf(await sharp(back).linear(0.25, 200).png().toBuffer())).toBe('bright');
    expect(await problemOf(await sharp(back).blur(6).png().toBuffer())).toBe('blurry');
  });
});

describe('photoHint', () => {
  it('names the side in French', () => {
    expect(photoHint('dark', 'back')).toBe(
      'Verso : la photo est trop sombre. Photographiez la carte à la lumière du jour ou sous une lampe.',
    );
  });
});
