import {
  CIN_PHOTO_HINTS_FR,
  CIN_SIDE_LABELS_FR,
  type TCinPhotoHint,
  type TCinSide,
} from '@tasbiq/contracts/cards';
import { formatTemplate } from '@tasbiq/contracts/error-codes';
import type { ImageQuality } from '../../../lib/ocr/preprocess.ts';

/**
 * Thresholds on the OCR's image measures (0–255 grey levels), set from the drawn test cards: a
 * clean card has contrast ~75 and sharpness ~35, a quick phone photo sharpness ~20.
 */
const BLANK_CONTRAST = 10;
const DARK_BRIGHTNESS = 55;
const BRIGHT_BRIGHTNESS = 225;
const BLURRY_SHARPNESS = 8;

/** Why a photo could not be read, from what it looks like; `framing` when nothing stands out. */
export function photoProblem(quality: ImageQuality): TCinPhotoHint {
  // Darkness first: a photo taken in the dark has little contrast too, but more light is the fix.
  if (quality.brightness < DARK_BRIGHTNESS) return 'dark';
  if (quality.contrast < BLANK_CONTRAST) return 'blank';
  if (quality.brightness > BRIGHT_BRIGHTNESS) return 'bright';
  if (quality.sharpness < BLURRY_SHARPNESS) return 'blurry';
  return 'framing';
}

export function photoHint(hint: TCinPhotoHint, side?: TCinSide): string {
  return formatTemplate(CIN_PHOTO_HINTS_FR[hint], side ? CIN_SIDE_LABELS_FR[side] : '');
}
