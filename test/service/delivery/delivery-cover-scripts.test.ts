// The delivery's cover in every script: a petition's title, targets and overview in Arabic,
// Hebrew, Persian, Hindi, Chinese, Japanese, Korean, Greek, Russian and a mix of English, Arabic
// and Chinese, read back by pdftotext (poppler) and pdfjs (Firefox) as written, in logical order;
// a right-to-left paragraph's lines end at the right margin; a long Arabic overview wraps.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findDeliveryFont } from '../../../src/service/delivery/delivery-font.js';
import { DeliveryLayout } from '../../../src/service/delivery/delivery-layout.js';
import type { PetitionRow } from '../../../src/service/store/store.js';

interface Cover {
  title: string;
  targets: string[];
  overview: string;
}

/** No lam-alef in the Arabic: pdfjs reads that ligature's two letters back reversed (its own bidi on the glyph's text). */
const ARABIC_SENTENCE = 'يريد المجلس بيع مبنى المكتبة في شهر مارس، ونطلب منه أن يبقيها مفتوحة لكل سكان الحي.';
const COVERS: Record<string, Cover> = {
  arabic: { title: 'أنقذوا مكتبة المدينة', targets: ['المجلس البلدي', 'وزير الثقافة'], overview: ARABIC_SENTENCE },
  hebrew: { title: 'הצילו את הספרייה העירונית', targets: ['מועצת העיר'], overview: 'העירייה מתכננת לסגור את הספרייה במרץ, ואנו מבקשים להשאיר אותה פתוחה.' },
  persian: { title: 'کتابخانه شهر را باز نگه دارید', targets: ['شورای شهر تهران'], overview: 'شورا قصد دارد کتابخانه را در ماه مارس ببندد. از شورا درخواست داریم آن را باز نگه دارد.' },
  hindi: { title: 'नगर पुस्तकालय खुला रखें', targets: ['नगर परिषद'], overview: 'परिषद मार्च में पुस्तकालय बंद करना चाहती है। हम चाहते हैं कि यह खुला रहे।' },
  chinese: { title: '保留河畔图书馆', targets: ['市议会'], overview: '市议会计划在三月关闭河畔图书馆，我们请求市议会让图书馆继续为附近的居民和孩子们开放。'.repeat(3) },
  japanese: { title: '川沿いの図書館を残そう', targets: ['市議会'], overview: Array(3).fill('Tokyo の市議会は三月に図書館を閉じる予定です。開いたままにするよう求めます。').join(' ') },
  korean: { title: '강변 도서관을 지켜 주세요', targets: ['시의회'], overview: '시의회는 3월에 도서관을 닫을 계획입니다. 계속 열어 두기를 요청합니다.' },
  greek: { title: 'Κρατήστε ανοιχτή τη βιβλιοθήκη', targets: ['Δημοτικό Συμβούλιο'], overview: 'Το συμβούλιο σχεδιάζει να κλείσει τη βιβλιοθήκη τον Μάρτιο.' },
  russian: { title: 'Сохраним городскую библиотеку', targets: ['Городской совет'], overview: 'Совет собирается закрыть библиотеку в марте. Мы просим оставить её открытой.' },
  mixed: {
    title: 'Keep the 北京 and القاهرة libraries open',
    targets: ['The Council', 'مجلس المدينة'],
    overview: 'We ask the council of 北京 and مجلس المدينة of القاهرة to keep them open.',
  },
  longArabic: { title: 'مكتبة الحي', targets: ['المجلس البلدي'], overview: Array(6).fill(ARABIC_SENTENCE).join(' ') },
};
/** A4's 595.28 pt less the 56 pt right margin. */
const RIGHT_EDGE = 539.28;
const LEFT_EDGE = 56;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const CJK = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef]';

/**
 * Whitespace as one space, none where a line broke between two CJK characters, and none beside
 * punctuation: pdfjs keeps a space only as a gap inside one of its items, and a comma or full stop
 * in another face than the letters beside it (Noto Sans Hebrew has neither, Noto Sans Arabic no
 * semicolon) is an item of its own. Without poppler's embedding marks.
 */
const normalised = (text: string) =>
  text
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .replace(new RegExp(`(${CJK}) (?=${CJK})`, 'gu'), '$1')
    .replace(/ ?([\p{P}]) ?/gu, '$1')
    .trim();
/**
 * The words (letters, marks, digits) in order: poppler's table of directions takes punctuation for
 * left to right, so it puts a comma or full stop beside an Arabic or Hebrew word on the other side
 * of the space, and it orders a block's lines' runs by the block's main direction ("To:" before
 * Arabic targets comes last): what pdftotext attests is each paragraph's words, in logical order.
 * Each CJK character is a word of its own (a line may break between two), and a word ends where
 * its script changes (poppler's marks take the space between an Arabic and an English word).
 */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{Script=Arabic}\p{M}]+|[\p{Script=Hebrew}\p{M}]+|(?:(?![\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}])+/gu;
const words = (text: string) => ` ${(text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').match(WORD) ?? []).join(' ')} `;

async function coverPdf({ title, targets, overview }: Cover): Promise<Uint8Array> {
  const layout = new DeliveryLayout(findDeliveryFont(), title);
  const chunks: Buffer[] = [];
  layout.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => layout.doc.on('end', resolve));
  const petition = { title, targets: JSON.stringify(targets), overview, confirm_signers: 0 } as PetitionRow;
  layout.cover(petition, { counted: 1, onPaper: 0, lastSignatureId: 1 }, Date.UTC(2026, 10, 26));
  layout.line({ position: 1, name: 'Ada Lovelace', town: 'London, United Kingdom' });
  layout.doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

function pdftotext(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext: ${run.stderr}`);
  return run.stdout;
}

interface Line {
  y: number;
  left: number;
  right: number;
  text: string;
}

/** The first page by pdfjs: its text (items as given, a line break where pdfjs ends a line) and its lines with their edges. */
async function pdfjsPage(bytes: Uint8Array): Promise<{ text: string; lines: Line[] }> {
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const content = await (await pdf.getPage(1)).getTextContent();
    let text = '';
    const lines: Line[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : '');
      if (item.str.trim() === '') continue;
      const [x, y] = [item.transform[4] as number, Math.round(item.transform[5] as number)];
      const line = lines.find((candidate) => candidate.y === y);
      if (line) [line.left, line.right, line.text] = [Math.min(line.left, x), Math.max(line.right, x + item.width), `${line.text} ${item.str}`];
      else lines.push({ y, left: x, right: x + item.width, text: item.str });
    }
    return { text, lines };
  } finally {
    await pdf.destroy();
  }
}

const paragraphs = ({ title, targets, overview }: Cover) => [title, `To: ${targets.join('; ')}`, overview].map(normalised);

describe("the delivery's cover in every script", async () => {
  const pdfs = new Map(await Promise.all(Object.entries(COVERS).map(async ([name, cover]) => [name, await coverPdf(cover)] as const)));

  test("pdftotext reads the title's, the targets' and the overview's words as written, in logical order", () => {
    const misread: string[] = [];
    for (const [name, { title, targets, overview }] of Object.entries(COVERS)) {
      const page = words(pdftotext(pdfs.get(name)!));
      for (const paragraph of [title, `To ${targets.join(' ')}`, overview, 'Delivered on 26 November 2026 1 signature Signatures'].map(words)) {
        if (!page.includes(paragraph) && !(paragraph.startsWith(' To ') && page.includes(words(targets.join(' '))) && page.includes(' To '))) misread.push(`${name}: ${paragraph}\n  read: ${page}`);
      }
    }
    assert.deepEqual(misread, []);
  });

  test('pdfjs reads the title, the targets and the overview as written, in logical order', async () => {
    const misread: string[] = [];
    for (const [name, cover] of Object.entries(COVERS)) {
      const page = normalised((await pdfjsPage(pdfs.get(name)!)).text);
      for (const paragraph of paragraphs(cover)) if (!page.includes(paragraph)) misread.push(`${name}: ${paragraph}\n  read: ${page}`);
    }
    assert.deepEqual(misread, []);
  });

  test("a right-to-left paragraph's lines end at the right margin; a left-to-right one's start at the left", async () => {
    for (const [name, cover] of Object.entries(COVERS)) {
      const { lines } = await pdfjsPage(pdfs.get(name)!);
      const coverLines = lines.slice(0, lines.findIndex((line) => line.text.startsWith('Delivered on'))).filter((line) => !/^Page \d+ of/.test(line.text));
      assert.ok(coverLines.length >= 3, name);
      const rightToLeft = RIGHT_TO_LEFT.test(cover.title[0]!);
      for (const line of coverLines) {
        if (rightToLeft && !line.text.startsWith('To:')) assert.ok(Math.abs(line.right - RIGHT_EDGE) < 1, `${name}: "${line.text}" ends at ${line.right}`);
        else assert.ok(Math.abs(line.left - LEFT_EDGE) < 1, `${name}: "${line.text}" starts at ${line.left}`);
      }
    }
  });

  test('a long Arabic overview wraps onto several lines, each within the margins, and reads back in order', async () => {
    const { lines, text } = await pdfjsPage(pdfs.get('longArabic')!);
    const overviewLines = lines.filter((line) => RIGHT_TO_LEFT.test(line.text) && !line.text.startsWith('To:')).slice(1);
    assert.ok(overviewLines.length >= 4, `${overviewLines.length} lines`);
    for (const line of overviewLines) assert.ok(line.left >= LEFT_EDGE - 1 && Math.abs(line.right - RIGHT_EDGE) < 1, `${line.left}..${line.right}`);
    assert.ok(normalised(text).includes(normalised(COVERS.longArabic!.overview)));
    assert.ok(words(pdftotext(pdfs.get('longArabic')!)).includes(words(COVERS.longArabic!.overview)));
  });

  test('a word longer than the line breaks where it must, every piece within the margins', async () => {
    const unbroken = { title: `https://example.org/${'library-'.repeat(12)}open`, targets: ['The Council'], overview: 'Keep it open.' };
    const { lines, text } = await pdfjsPage(await coverPdf(unbroken));
    const titleLines = lines.filter((line) => line.text.includes('library-'));
    assert.ok(titleLines.length >= 2, `${titleLines.length} lines`);
    for (const line of titleLines) assert.ok(Math.abs(line.left - LEFT_EDGE) < 1 && line.right <= RIGHT_EDGE + 1, `${line.left}..${line.right}`);
    assert.ok(text.replace(/\s/g, '').includes(unbroken.title));
  });

  test('a Chinese or Japanese overview breaks between its characters: every line but its last is full, within one character of the margin', async () => {
    for (const name of ['chinese', 'japanese']) {
      const { lines } = await pdfjsPage(pdfs.get(name)!);
      const overviewLines = lines.filter((line) => /\p{Script=Han}/u.test(line.text)).slice(2);
      assert.ok(overviewLines.length >= 3, `${name}: ${overviewLines.length} lines`);
      for (const line of overviewLines) assert.ok(Math.abs(line.left - LEFT_EDGE) < 1 && line.right <= RIGHT_EDGE + 1, `${name}: ${line.left}..${line.right}`);
      for (const line of overviewLines.slice(0, -1)) assert.ok(line.right > RIGHT_EDGE - 11, `${name}: "${line.text}" ends at ${line.right}`);
    }
  });
});
