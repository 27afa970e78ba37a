import { createRequire } from 'node:module';
import sharp from 'sharp';

/** Fonts shipped by the dejavu-fonts-ttf package, so drawn images look the same on every machine. */
export const FONTS = {
  sans: { family: 'DejaVu Sans', file: 'DejaVuSans.ttf' },
  sansBold: { family: 'DejaVu Sans Bold', file: 'DejaVuSans-Bold.ttf' },
  mono: { family: 'DejaVu Sans Mono', file: 'DejaVuSansMono.ttf' },
} as const;
export type FontName = keyof typeof FONTS;

const require = createRequire(import.meta.url);

export function fontFile(font: FontName): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${FONTS[font].file}`);
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * One run of text as a transparent PNG (Pango through sharp, with the shipped TTF): what a card
 * printer lays on the background. `size` is the em size in pixels.
 */
export async function drawText(
  text: string,
  options: { font?: FontName; size: number; color?: string; letterSpacing?: number },
): Promise<Buffer> {
  const font = options.font ?? 'sans';
  const spacing = options.letterSpacing
    ? ` letter_spacing="${Math.round(options.letterSpacing * 1024)}"`
    : '';
  const markup = `<span foreground="${options.color ?? '#111111'}"${spacing}>${escapeMarkup(text)}</span>`;
  return sharp({
    text: {
      text: markup,
      font: `${FONTS[font].family} ${options.size}`,
      fontfile: fontFile(font),
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
}

/** Dark lines of text on a white page with a margin: the simplest document there is. */
export async function drawPage(lines: string[], options: { size: number; font?: FontName }): Promise<Buffer> {
  const text = await drawText(lines.join('\n'), options);
  // Two pipelines: sharp runs its operations in a fixed order (flatten before extend), not as written.
  const onWhite = await sharp(text).flatten({ background: '#ffffff' }).toBuffer();
  return sharp(onWhite)
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' })
    .png()
    .toBuffer();
}
