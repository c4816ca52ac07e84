// A PDF read back as its reader would see it: each page's text, by pdfjs (Firefox's reader).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: string[];
  /** The document's information dictionary (title, producer, …) as text. */
  info: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: JSON.stringify(info) };
  } finally {
    await pdf.destroy();
  }
}
