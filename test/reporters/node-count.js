// node --test reporter that writes {passed, failed, skipped} of leaf tests as JSON, so
// scripts/test.js can add them to the browser tests' counts for one closing line.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      // A suite skipped whole (the Worker's tests on Node 20) reports no tests of its own: it
      // counts as one skipped, so the closing line says something was left out.
      if (event.type === 'test:pass' && event.data.skip) counts.skipped++;
      continue;
    }
    if (event.data.skip || event.data.todo) counts.skipped++;
    else if (event.type === 'test:pass') counts.passed++;
    else counts.failed++;
  }
  yield JSON.stringify(counts);
}
