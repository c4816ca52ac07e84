// The one-job-of-a-kind-per-petition rule on its own (heavy-jobs.ts), at its boundary: a second
// job while the first runs is refused with a message that says so, one on another petition runs,
// one after the first ended (finished, failed or cancelled) runs; and the start and end lines.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OperatorError } from '../../../src/service/errors/operator-error.js';
import { HeavyJobs } from '../../../src/service/jobs/heavy-jobs.js';

describe('heavy jobs, one of a kind per petition', () => {
  test('a second while the first runs is refused; another petition’s runs; after the end a new one runs', () => {
    const lines: string[] = [];
    const jobs = new HeavyJobs('signature export', (line) => lines.push(line), 'An export of this petition’s signatures is being made');
    const first = jobs.begin(7);
    assert.throws(() => jobs.begin(7), (error: unknown) => {
      assert.ok(error instanceof OperatorError, 'the console answers an OperatorError with 409');
      assert.equal((error as Error).message, 'An export of this petition’s signatures is being made: it is already running. Try again when it has finished.');
      return true;
    });
    const other = jobs.begin(8);
    other.end({ outcome: 'finished', detail: '3 signatures' });
    first.end({ outcome: 'cancelled', detail: '1000 signatures' });
    first.end({ outcome: 'finished', detail: 'a second end changes nothing' });
    const again = jobs.begin(7);
    again.end({ outcome: 'failed', code: 'SQLITE_IOERR' });
    jobs.begin(7).end({ outcome: 'finished', detail: '0 signatures' });
    assert.deepEqual(
      lines.map((line) => line.replace(/ in \d+\.\d\d s$/, ' in S s')),
      [
        'signature export of petition 7 started',
        'signature export of petition 8 started',
        'signature export of petition 8 finished: 3 signatures in S s',
        'signature export of petition 7 cancelled: 1000 signatures in S s',
        'signature export of petition 7 started',
        'signature export of petition 7 failed (SQLITE_IOERR) in S s',
        'signature export of petition 7 started',
        'signature export of petition 7 finished: 0 signatures in S s',
      ],
    );
  });

  test('run() frees the petition however its work ends', async () => {
    const jobs = new HeavyJobs('bulk invalidation', () => {}, 'A bulk invalidation of this petition is being made');
    let release!: () => void;
    const running = jobs.run(3, () => new Promise<number>((resolve) => (release = () => resolve(5))), (n) => `${n} signatures`);
    await assert.rejects(jobs.run(3, async () => 1, String), /already running/);
    release();
    assert.equal(await running, 5);
    await assert.rejects(jobs.run(3, async () => { throw new Error('boom'); }, String), /boom/);
    assert.equal(await jobs.run(3, async () => 2, String), 2, 'free again after a failure');
  });
});
