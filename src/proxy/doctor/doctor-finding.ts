// What `proxy doctor` found, one line each: the checks return findings, this prints them and
// turns them into the exit status. Messages never carry a secret, key or personal data.

type FindingLevel = 'ok' | 'warn' | 'fail';

export interface Finding {
  level: FindingLevel;
  /** What the finding is about: `service`, `petition 3`, `webhook https://crm.example/in`. */
  subject: string;
  message: string;
}

export const ok = (subject: string, message: string): Finding => ({ level: 'ok', subject, message });
export const warn = (subject: string, message: string): Finding => ({ level: 'warn', subject, message });
export const fail = (subject: string, message: string): Finding => ({ level: 'fail', subject, message });

/** The subject of the service's verdict on the proxy's key requests, which the key checks read. */
export const KEY_REQUESTS = 'key requests';

/** `ok    service: answers at …`: the level padded, so the subjects line up. */
export function formatFinding(finding: Finding): string {
  return `${finding.level.padEnd(6)}${finding.subject}: ${finding.message}`;
}

/** 0 unless something failed: a warning is worth reading but does not stop the proxy working. */
export function exitStatusOf(findings: readonly Finding[]): 0 | 1 {
  return findings.some((finding) => finding.level === 'fail') ? 1 : 0;
}

/**
 * A URL as it may be printed: scheme, host and path. A query may carry a token and userinfo a
 * password, so both are left out.
 */
export function printableUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}
