// Benchmark: what the delivery would cost laid out by a browser engine instead of pdfkit (issue
// 33 asked which is better): the same 100,000 rows as an HTML table (a name and a town per row, one
// in four in another script) printed to PDF by the system's Chromium (page.pdf(), A4), timed to
// the last byte, with the browser's resident memory at the end. The service does not do this:
// docs/benchmarks.md "In every script" says why.
// Usage: node --import tsx bench/service/delivery-in-a-browser.ts [rows]
import { execFileSync } from 'node:child_process';
import { launchChromium } from '../../support/chromium.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const OTHERS = [
  ['محمد علي', 'القاهرة, Egypt'],
  ['דוד כהן', 'תל אביב, Israel'],
  ['प्रिया शर्मा', 'नई दिल्ली, India'],
  ['王 小明', '北京, China'],
  ['민준 김', '서울, South Korea'],
  ['Ελένη Παπαδοπούλου', 'Θεσσαλονίκη, Greece'],
];
const LATIN = [['Amelia Hughes', 'Leeds, United Kingdom'], ['Lukas Schneider', 'Köln, Germany'], ['Sofía Navarro', 'Sevilla, Spain']];

const escape = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const rows: string[] = [];
for (let i = 0; i < ROWS; i++) {
  const [name, town] = i % 4 === 3 ? OTHERS[i % OTHERS.length]! : LATIN[i % LATIN.length]!;
  rows.push(`<tr><td>${i + 1}.</td><td dir="auto">${escape(name!)}</td><td dir="auto">${escape(town!)}</td></tr>`);
}
const html = `<!doctype html><html lang="en"><meta charset="utf-8"><style>
body { font: 10pt "DejaVu Sans", "Noto Sans", sans-serif; } table { border-collapse: collapse; width: 100%; }
td { height: 15pt; padding: 0 4pt; white-space: nowrap; overflow: hidden; }</style>
<h1>Keep the Riverside Library open</h1><table>${rows.join('')}</table></html>`;

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const began = performance.now();
  await page.setContent(html, { waitUntil: 'load', timeout: 600_000 });
  const loaded = performance.now();
  // 56 pt margins, as the delivery's (Playwright takes mm).
  const pdf = await page.pdf({ format: 'A4', margin: { top: '19.76mm', bottom: '19.76mm', left: '19.76mm', right: '19.76mm' } });
  const printed = performance.now();
  // The browser's processes (all of Chromium's, as the service would run them), in MiB.
  const rss = Number(execFileSync('sh', ['-c', "ps -C chromium -o rss= | awk '{s+=$1} END {print s}'"], { encoding: 'utf8' }).trim()) / 1024;
  console.log(
    `${ROWS} rows: page loaded in ${((loaded - began) / 1000).toFixed(2)} s, printed in ${((printed - loaded) / 1000).toFixed(2)} s ` +
      `(${((printed - began) / 1000).toFixed(2)} s in all), ${(pdf.byteLength / 1024 / 1024).toFixed(1)} MiB, Chromium's RSS after ${Math.round(rss)} MiB`,
  );
} finally {
  await browser.close();
}
