// What the benchmarks read of a process from /proc: its CPU time, which holds even when other work
// shares the cores, and the machine's load average, reported beside the figures.
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used so far; clock ticks are 1/100 s on Linux. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

/** The machine's CPU time so far, all cores, in clock ticks: idle (idle + iowait) and total. */
export function machineTimes(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, n) => sum + n, 0) };
}
