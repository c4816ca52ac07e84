// Times console pages for the benchmarks: each page fetched in turn, `requests` times per run
// (interleaved, so that noise from other load hits every page alike), a median per run and the
// median of the runs, printed as they come.
import { median } from '../median.js';

export async function timeConsolePages(origin: string, cookie: string, paths: Record<string, string>, runs: number, requests: number): Promise<void> {
  const medians: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  for (let run = 1; run <= runs; run++) {
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
    for (let i = 0; i < requests; i++) {
      for (const [name, path] of Object.entries(paths)) {
        const started = performance.now();
        const response = await fetch(`${origin}${path}`, { headers: { cookie } });
        await response.text();
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        samples[name]!.push(performance.now() - started);
      }
    }
    for (const name of Object.keys(paths)) medians[name]!.push(median(samples[name]!));
    console.log(`run ${run}: ${Object.keys(paths).map((name) => `${name} ${median(samples[name]!).toFixed(2)} ms`).join('; ')}`);
  }
  for (const name of Object.keys(paths)) console.log(`median of ${runs} runs, ${name}: ${median(medians[name]!).toFixed(2)} ms`);
}
