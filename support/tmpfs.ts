// A small tmpfs of the test's own, to give the service a real full or read-only file system.
// Mounting needs root (CI runs as root); elsewhere the tests that need it are skipped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.error?.message}`);
}

export interface Tmpfs {
  dir: string;
  readOnly(): void;
  readWrite(): void;
  /** Takes every free byte with one file, as another program filling the disk would. */
  fill(): string;
  close(): void;
}

/** Why tmpfs cannot be used here, or null when it can. */
export function tmpfsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = mkdtempSync(join(tmpdir(), 'tmpfs-probe-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    run('umount', [probe]);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export function mountTmpfs(sizeKb: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'service-tmpfs-'));
  run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0755`, 'tmpfs', dir]);
  mkdirSync(join(dir, 'data'));
  return {
    dir: join(dir, 'data'),
    readOnly: () => run('mount', ['-o', 'remount,ro', dir]),
    readWrite: () => run('mount', ['-o', 'remount,rw', dir]),
    fill() {
      const filler = join(dir, 'filler');
      // dd stops with "No space left on device" once the file system is full: that is the point.
      spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { encoding: 'utf8' });
      return filler;
    },
    close() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
