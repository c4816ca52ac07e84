// `proxy doctor`'s check of the config file's own mode: when it holds the secret (the one that
// signs every request to the service) or a webhook's secret, another user who can read it can sign
// as this site. The file's mode is the operator's to set; the proxy never changes it. Never prints
// a secret, only the names of the fields that hold one.
import { statSync } from 'node:fs';
import type { ProxyConfig } from '../config/config.js';
import { ok, warn, type Finding } from './doctor-finding.js';

/** Any permission for the group or others. */
const SHARED_BITS = 0o077;
const SUBJECT = 'config file';

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * The fields of the file that hold a secret the proxy uses: `secret` unless PETITION_API_SECRET
 * replaces it (config.ts), and each webhook's, which only the file can give.
 */
function secretFields(config: ProxyConfig, env: Record<string, string | undefined>): string[] {
  const fields = env.PETITION_API_SECRET ? [] : ['secret'];
  config.petitions.forEach((petition, p) =>
    petition.webhooks.forEach((_webhook, w) => fields.push(`petitions[${p}].webhooks[${w}].secret`)),
  );
  return fields;
}

export function checkConfigFile(path: string, config: ProxyConfig, env: Record<string, string | undefined>): Finding[] {
  // Windows has no such mode bits: its access lists are not read here.
  if (process.platform === 'win32') return [];
  const fields = secretFields(config, env);
  if (fields.length === 0) return [ok(SUBJECT, `${path} holds no secret (PETITION_API_SECRET from the environment)`)];
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    // It was read a moment ago; gone since, the config's own line has said enough.
    return [];
  }
  const holds = `holds ${fields.length === 1 ? 'a secret' : 'secrets'} (${fields.join(', ')})`;
  if (mode & SHARED_BITS) {
    return [
      warn(
        SUBJECT,
        `${path} ${holds} and has mode ${octal(mode)}: other users on this machine may read it; chmod 600 ${path}` +
          (env.PETITION_API_SECRET ? '' : ', or give the secret as PETITION_API_SECRET in the environment'),
      ),
    ];
  }
  return [ok(SUBJECT, `${path} ${holds} and is for this user only (mode ${octal(mode)})`)];
}
