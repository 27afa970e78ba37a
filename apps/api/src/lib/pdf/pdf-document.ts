/**
 * Reading a PDF page by page (text as lines, through unpdf's serverless build of pdf.js) and
 * copying pages into new PDFs (pdf-lib: the pages' content streams and resources are copied,
 * nothing is re-rendered). One `OpenedPdf` keeps both parsed documents, so a long file is parsed
 * once and read in steps.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { extractImages, getDocumentProxy } from 'unpdf';

export type PdfProblem = 'encrypted' | 'truncated' | 'broken' | 'empty';

/** Why a file is not a readable PDF; `detail` is French, for HR. */
export class PdfUnreadable extends Error {
  readonly problem: PdfProblem;
  constructor(problem: PdfProblem, detail: string) {
    super(detail);
    this.problem = problem;
  }
}

export const PDF_PROBLEM_DETAILS: Record<PdfProblem, string> = {
  encrypted:
    'Le fichier PDF est protégé par un mot de passe. Exportez-le sans protection depuis le logiciel de paie.',
  truncated:
    'Le fichier PDF est incomplet (fin de fichier absente) : il a sans doute été coupé pendant l’envoi.',
  broken: 'Le fichier PDF est endommagé et ne peut pas être lu.',
  empty: 'Le fichier PDF ne contient aucune page.',
};

/** One line of a page's text, its runs joined left to right. */
export type PageText = { lines: string[]; hasText: boolean };

export type OpenedPdf = {
  pageCount: number;
  /** Text of page `pageNumber` (1-based), as lines from top to bottom. */
  pageText(pageNumber: number): Promise<PageText>;
  /**
   * The page's largest embedded image as a PNG (a scanned page is one image), or null. The image
   * is taken as embedded, at the scanner's resolution, rather than re-drawn through a canvas.
   */
  pageImage(pageNumber: number): Promise<Buffer | null>;
  /** A new PDF made of pages [first, first + count) (1-based), copied as they are. */
  copyPages(first: number, count: number): Promise<Buffer>;
  close(): Promise<void>;
};

const pdfProblem = (problem: PdfProblem) => new PdfUnreadable(problem, PDF_PROBLEM_DETAILS[problem]);

/** A PDF written to the end has `%%EOF` in its last kilobyte; a cut one does not. */
function looksTruncated(data: Buffer): boolean {
  return !data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF', 0, 'latin1');
}

export async function openPdf(data: Buffer): Promise<OpenedPdf> {
  if (looksTruncated(data)) throw pdfProblem('truncated');
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(data, { updateMetadata: false });
  } catch (error) {
    // pdf-lib's EncryptedPDFError does not survive `instanceof` across its module builds: read the text.
    if (/encrypted/i.test((error as Error).message)) throw pdfProblem('encrypted');
    throw pdfProblem('broken');
  }
  // pdf.js takes ownership of the bytes it is given: hand it a copy.
  let reader: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    reader = await getDocumentProxy(new Uint8Array(data), { isEvalSupported: false, verbosity: 0 });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') throw pdfProblem('encrypted');
    throw pdfProblem('broken');
  }
  const pageCount = source.getPageCount();
  if (pageCount === 0 || reader.numPages !== pageCount) {
    await reader.destroy();
    throw pdfProblem(pageCount === 0 ? 'empty' : 'broken');
  }
  return {
    pageCount,
    async pageText(pageNumber) {
      const page = await reader.getPage(pageNumber);
      try {
        const content = await page.getTextContent();
        const runs: Array<{ x: number; y: number; text: string }> = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str.trim() === '') continue;
          runs.push({ x: item.transform[4] as number, y: item.transform[5] as number, text: item.str });
        }
        return { lines: toLines(runs), hasText: runs.length > 0 };
      } finally {
        page.cleanup();
      }
    },
    async pageImage(pageNumber) {
      const images = await extractImages(reader, pageNumber);
      const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (!largest) return null;
      return sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), {
        raw: { width: largest.width, height: largest.height, channels: largest.channels },
      })
        .png()
        .toBuffer();
    },
    async copyPages(first, count) {
      const out = await PDFDocument.create({ updateMetadata: false });
      const indices = Array.from({ length: count }, (_, i) => first - 1 + i);
      for (const page of await out.copyPages(source, indices)) out.addPage(page);
      return Buffer.from(await out.save());
    },
    async close() {
      await reader.destroy();
    },
  };
}

/**
 * Runs on (nearly) the same baseline form a line, read left to right, whatever order the producer
 * wrote them in (some write the figures before the header, some a label and its value apart).
 */
export function toLines(runs: Array<{ x: number; y: number; text: string }>): string[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Array<{ y: number; runs: typeof runs }> = [];
  for (const run of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - run.y) <= 2.5) line.runs.push(run);
    else lines.push({ y: run.y, runs: [run] });
  }
  return lines.map((line) =>
    line.runs
      .sort((a, b) => a.x - b.x)
      .map((r) => r.text.trim())
      .join('  ')
      .replace(/[\u00a0\u202f]/g, ' '),
  );
}
