// `proxy doctor`'s line on the spent proofs of work: each proxy keeps its own (state.sqlite), so
// proxies that share a secret accept each other's challenges and a solution buys a signature at
// each. The proxy counts the proofs spent here that another proxy issued (proof/used-proof-store.ts);
// this reads that count, read-only, and says what to do. A file it cannot read is the data files'
// check's to report (doctor-data-files.ts).
import type { ProxyConfig } from '../config/config.js';
import { stateDatabasePath } from '../config/state-database.js';
import { proofsFromOtherIssuers } from '../proof/used-proof-sqlite.js';
import type { ProofsFromOtherIssuer } from '../proof/used-proof-store.js';
import { Sqlite } from '../../sqlite.js';
import { ok, warn, type Finding } from './doctor-finding.js';

const SUBJECT = 'spent proofs';
const WHY = 'README.md "One proxy per secret"';

function readOthers(dataDir: string): ProofsFromOtherIssuer[] | undefined {
  let db: InstanceType<typeof Sqlite> | undefined;
  try {
    db = new Sqlite(stateDatabasePath(dataDir), { readonly: true, fileMustExist: true });
    return proofsFromOtherIssuers(db);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

export function checkSpentProofs(config: ProxyConfig): Finding[] {
  const others = readOthers(config.dataDir);
  if (others === undefined) return [];
  if (others.length === 0) {
    return [ok(SUBJECT, `kept by this proxy alone; none issued by another proxy has been spent here (another proxy with this secret would not know this one's: ${WHY})`)];
  }
  const spent = others.reduce((sum, other) => sum + other.spent, 0);
  const last = new Date(Math.max(...others.map((other) => other.lastSpentAt))).toISOString();
  const proxies = others.length === 1 ? 'another proxy' : `${others.length} other proxies`;
  return [
    warn(
      SUBJECT,
      `${spent} proof${spent === 1 ? '' : 's'} of work issued by ${proxies} with this secret ${spent === 1 ? 'was' : 'were'} spent here (last ${last}): ` +
        `each proxy remembers only its own spent proofs, so one solution can buy a signature at each; run one Node proxy per secret (${WHY})`,
    ),
  ];
}
