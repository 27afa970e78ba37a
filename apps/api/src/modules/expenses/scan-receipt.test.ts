import { RECEIPT_MAX_BYTES } from '@tasbiq/contracts/expenses';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { blankPhoto, pdfNamedPng } from '../../../test/support/cin-images.ts';
import { DEFAULT_RECEIPT, drawReceipt, receiptTotal } from '../../../test/support/receipt-images.ts';
import { acceptableImageType } from '../../lib/image-files.ts';
import { shutdownOcr } from '../../lib/ocr/recognize.ts';
import { scanReceipt } from './scan-receipt.ts';

// The real pipeline (sharp, tesseract.js workers) on receipts the suite draws; the app's pool,
// stopped at the end of the file.
afterAll(() => shutdownOcr());

const expected = {
  amountCentimes: BigInt(receiptTotal(DEFAULT_RECEIPT)),
  date: DEFAULT_RECEIPT.date,
  merchant: DEFAULT_RECEIPT.merchant,
};

describe('scanReceipt reads a receipt photo offline', () => {
  it('a thermal ticket (Pango, monospace, noise, turned 1.5°): total, date and merchant', async () => {
    const result = await scanReceipt(await drawReceipt());
    expect(result).toMatchObject({ ok: true, reading: expected });
  }, 60_000);

  it('the same ticket rendered by librsvg, turned the other way, dated in words, labelled "Montant"', async () => {
    const image = await drawReceipt(
      { renderer: 'svg', rotate: -2, dateStyle: 'words', totalLabel: 'MONTANT' },
      7,
    );
    const result = await scanReceipt(image);
    expect(result).toMatchObject({ ok: true, reading: expected });
  }, 60_000);

  it('a quick phone photo (sheared, blurred JPEG) in a proportional font, "NET A PAYER", short date', async () => {
    const image = await drawReceipt(
      { photo: true, font: 'sans', totalLabel: 'NET A PAYER', dateStyle: 'short' },
      3,
    );
    expect(await acceptableImageType(image, RECEIPT_MAX_BYTES)).toBe('jpeg');
    const result = await scanReceipt(image);
    expect(result).toMatchObject({
      ok: true,
      reading: { amountCentimes: expected.amountCentimes, date: expected.date },
    });
  }, 60_000);

  it('a blank photo reads nothing: the form stays empty', async () => {
    expect(await scanReceipt(await blankPhoto())).toEqual({ ok: false, reason: 'unreadable' });
  }, 60_000);

  it('a disguised file (a PDF named .png, text named .jpg) is refused by its content, and unreadable to OCR', async () => {
    const pdf = pdfNamedPng().bytes;
    expect(await acceptableImageType(pdf, RECEIPT_MAX_BYTES)).toBeNull();
    expect(
      await acceptableImageType(Buffer.from('<html>not a receipt</html>'), RECEIPT_MAX_BYTES),
    ).toBeNull();
    expect(await scanReceipt(pdf)).toEqual({ ok: false, reason: 'unreadable' });
  }, 60_000);

  it('a truncated JPEG and an image past 10 MB are refused', async () => {
    const jpeg = await sharp(await drawReceipt())
      .jpeg()
      .toBuffer();
    expect(await acceptableImageType(jpeg, RECEIPT_MAX_BYTES)).toBe('jpeg');
    expect(await acceptableImageType(jpeg.subarray(0, jpeg.length / 2), RECEIPT_MAX_BYTES)).toBeNull();
    expect(await acceptableImageType(jpeg, jpeg.length - 1)).toBeNull();
  }, 60_000);
});
