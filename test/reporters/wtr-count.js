// web-test-runner reporter that writes {passed, failed, skipped} to the file named by
// WTR_COUNT_FILE, for scripts/test.js. wtr's terminal swallows console output in stop().
import { writeFileSync } from 'node:fs';

function countSuite(suite, counts) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) counts.skipped++;
    else if (test.passed) counts.passed++;
    else counts.failed++;
  }
  for (const child of suite.suites ?? []) countSuite(child, counts);
}

export function countReporter() {
  return {
    stop({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) countSuite(session.testResults, counts);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.failed++;
      }
      if (process.env.WTR_COUNT_FILE) writeFileSync(process.env.WTR_COUNT_FILE, JSON.stringify(counts));
    },
  };
}
