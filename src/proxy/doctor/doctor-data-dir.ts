// `proxy doctor`'s check of the data folder: it holds queued signatures (personal data) and the
// authorization keys, so it must be writable by the proxy and readable by nobody else.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProxyConfig } from '../config/config.js';
import { fail, ok, warn, type Finding } from './doctor-finding.js';

/** Any permission for the group or others. */
const SHARED_BITS = 0o077;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

export function checkDataDir(config: ProxyConfig): Finding[] {
  const dir = config.dataDir;
  const subject = 'dataDir';
  let mode: number;
  try {
    const stats = statSync(dir);
    if (!stats.isDirectory()) return [fail(subject, `${dir} is not a folder`)];
    mode = stats.mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return [fail(subject, `cannot read ${dir} (${(error as NodeJS.ErrnoException).code})`)];
    return [warn(subject, `${dir} does not exist yet: the proxy creates it (mode 0700) when it starts`)];
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    return [fail(subject, `${dir} is not writable by this user: the proxy could not keep keys or queued signatures`)];
  }
  const findings: Finding[] = [];
  const shared: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const fileMode = statSync(join(dir, entry.name)).mode;
    if (fileMode & SHARED_BITS) shared.push(`${entry.name} (${octal(fileMode)})`);
  }
  // The files hold the personal data and keys: other users reading them is a failure. A folder
  // open to others shows only the files' names, as the proxy leaves an existing folder as it is.
  if (shared.length > 0) findings.push(fail(subject, `other users may read ${shared.join(', ')}: chmod 600 them`));
  if (mode & SHARED_BITS) findings.push(warn(subject, `${dir} has mode ${octal(mode)}: chmod 700 it, so other users cannot list it`));
  if (findings.length === 0) findings.push(ok(subject, `${dir} is writable and private (mode ${octal(mode)}, its files for this user only)`));
  return findings;
}
