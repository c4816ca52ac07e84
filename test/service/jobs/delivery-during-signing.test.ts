// The delivery PDF and the CSV export never stall the service (issue 29): while a PDF of 20,000
// signers is made, a plain API read is answered within 1 s and the event loop is never held
// 500 ms (a PDF made on the service's thread fails both: it held the loop 1.7 to 2.1 s); the
// export of 100,000 holds it under 200 ms (in one stretch a batch: 310 to 370 ms); one job of a
// kind per petition at a time, a second one refused with 409 while the first runs and accepted
// once it has finished; and each job logs one line when it starts and one when it ends, with
// counts only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson } from '../harness.js';
import { measureLoopDelay, startDownload } from './heavy-job-progress.js';

const PDF_SIGNERS = 20_000;
const EXPORT_SIGNERS = 100_000;
/**
 * The longest the event loop may be held while the PDF is made: a PDF laid out on the service's
 * thread holds it 1.7 s or more; 200 ms was seen exceeded by the machine's own noise (245 ms)
 * with npm test's two files at a time on 2 shared cores.
 */
const PDF_DELAY_BOUND_MS = 500;
/** The export's bound, on the best of three runs (noise is one run's, a job that stops yielding every run's). */
const EXPORT_DELAY_BOUND_MS = 200;

describe('heavy jobs while signers are served', () => {
  let f: ConsoleFixture;
  let pdfPetition: number;
  let exportPetition: number;
  const logLines = (kind: string, petitionId: number) => f.t.logs.filter((line) => line.startsWith(`${kind} of petition ${petitionId} `));
  /** How many jobs of this kind on this petition have ended so far. */
  const ends = (kind: string, petitionId: number) => logLines(kind, petitionId).filter((line) => / (finished|cancelled|failed)\b/.test(line)).length;

  before(async () => {
    f = await startConsoleFixture();
    pdfPetition = f.t.petitionId;
    await f.t.admin.seed(pdfPetition, PDF_SIGNERS);
    exportPetition = (await f.t.admin.createPetition('An export of a hundred thousand')).petition_id;
    await f.t.admin.seed(exportPetition, EXPORT_SIGNERS);
  });
  after(() => f.close());

  test('an API read is answered within 1 s while a PDF of 20,000 signers is made, and the loop is never held 500 ms', async (t) => {
    const delay = await measureLoopDelay();
    const endedBefore = ends('delivery PDF', pdfPetition);
    const pdf = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(pdf.status, 200);
    await pdf.started;
    const asked = performance.now();
    const read = await getJson(f.t, `/v1/petitions/${pdfPetition}/signatures/recent`);
    const answeredMs = performance.now() - asked;
    assert.equal(read.status, 200);
    assert.equal(ends('delivery PDF', pdfPetition), endedBefore, 'the PDF was still being made when the read was answered');
    t.diagnostic(`the read took ${answeredMs.toFixed(0)} ms`);
    assert.ok(answeredMs < 1000, `the read took ${answeredMs.toFixed(0)} ms`);
    assert.ok((await pdf.done) > 1_000_000);
    const { maxMs, samples } = delay.stop();
    t.diagnostic(`the event loop was held at most ${maxMs.toFixed(0)} ms`);
    assert.ok(samples > 10, `${samples} samples`);
    assert.ok(maxMs < PDF_DELAY_BOUND_MS, `the event loop was held ${maxMs.toFixed(0)} ms`);
  });

  test('the CSV export of 100,000 signers holds the loop under 200 ms (the best of three)', async (t) => {
    const holds: number[] = [];
    for (let run = 0; run < 3; run++) {
      const delay = await measureLoopDelay();
      const csv = await startDownload(f, exportPetition, 'export');
      assert.equal(csv.status, 200);
      assert.ok((await csv.done) > 15_000_000);
      const { maxMs, samples } = delay.stop();
      assert.ok(samples > 2, `${samples} samples`);
      holds.push(maxMs);
    }
    t.diagnostic(`the event loop was held at most ${holds.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    assert.ok(Math.min(...holds) < EXPORT_DELAY_BOUND_MS, `the event loop was held ${holds.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  });

  test('one delivery PDF of a petition at a time: a second is refused while it runs, another petition’s runs, and after it ends a new one is made', async () => {
    const other = (await f.t.admin.createPetition('Another petition')).petition_id;
    await f.t.admin.seed(other, 50);
    const endedBefore = ends('delivery PDF', pdfPetition);
    const first = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(first.status, 200);
    await first.started;

    const second = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(ends('delivery PDF', pdfPetition), endedBefore, 'the first was still running when the second was refused');
    assert.equal(second.status, 409);
    const page = pageText(await second.text());
    assert.match(page, /A delivery PDF of this petition is being prepared: it is already running\. Try again when it has finished\./);

    const elsewhere = await startDownload(f, other, 'delivery');
    assert.equal(elsewhere.status, 200, 'another petition’s PDF is made meanwhile');
    await elsewhere.done;
    // A refused request writes no audit entry and starts no job.
    assert.equal(logLines('delivery PDF', pdfPetition).filter((line) => line.endsWith(' started')).length, 2, 'the earlier test’s and this one’s');

    await first.done;
    const third = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(third.status, 200, 'accepted once the first has finished');
    await third.done;
  });

  test('a download cancelled halfway ends its job, and the next one is made', async () => {
    const endedBefore = ends('delivery PDF', pdfPetition);
    const cancelled = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(cancelled.status, 200);
    await cancelled.started;
    cancelled.abort();
    await cancelled.done;
    const lines = await eventually(() => logLines('delivery PDF', pdfPetition), (all) => all.length > 0 && / cancelled: /.test(all.at(-1)!), 5000);
    assert.match(lines.at(-1)!, new RegExp(`^delivery PDF of petition ${pdfPetition} cancelled: \\d+ signatures, \\d+ pages? in \\d+\\.\\d\\d s$`));
    assert.equal(ends('delivery PDF', pdfPetition), endedBefore + 1);
    const next = await startDownload(f, pdfPetition, 'delivery');
    assert.equal(next.status, 200);
    await next.done;
  });

  test('each job logs its start and its end with counts only', () => {
    const lines = logLines('delivery PDF', pdfPetition);
    assert.match(lines[0]!, new RegExp(`^delivery PDF of petition ${pdfPetition} started$`));
    assert.match(lines[1]!, new RegExp(`^delivery PDF of petition ${pdfPetition} finished: ${PDF_SIGNERS} signatures, \\d+ pages? in \\d+\\.\\d\\d s$`));
    assert.match(logLines('signature export', exportPetition).slice(0, 2).join('\n'), new RegExp(`started\\n.* finished: ${EXPORT_SIGNERS} signatures in \\d+\\.\\d\\d s$`));
    assert.doesNotMatch(f.t.logs.join('\n'), /@|Lovelace/);
  });
});
