// `petition-embed dev compose-setup`: compose.yaml's one-shot `setup` container, run by every
// `docker compose up` before the service and the proxy start, so that a fresh checkout needs no
// admin command and no .env. On the service's database it makes the demo's API consumer and
// petition the first time and finds them again on every later run (the consumer by its name, the
// petition by its url), so the credentials never change: the proxy's granted key is bound to its
// api_key. Then it writes the proxy's configuration, compose/proxy.config.json plus that key and
// secret, into the volume the proxy reads it from (0600, so only the image's user reads it).
// It prints ids only: the key and the secret stay out of the containers' logs.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { openAdmin } from '../service/admin.js';
import { parseProxyConfig } from '../proxy/config/config.js';
import { DEMO_PETITION } from './demo-state.js';

/** The consumer compose-setup makes and finds again (a consumer an operator makes has another name). */
export const COMPOSE_CONSUMER_NAME = 'petition-embed compose demo';

export interface ComposeSetupOptions {
  /** The service's database: a postgres:// URL (compose.yaml) or a SQLite file. */
  database: string;
  /** The proxy's configuration without credentials, naming the demo petition (its one entry). */
  template: string;
  /** Where the configuration with the credentials goes. */
  out: string;
  log?: (line: string) => void;
}

export interface ComposeSetupResult {
  petitionId: number;
  createdConsumer: boolean;
  createdPetition: boolean;
}

/** A problem the person running compose fixes (printed as one line, exit status 1). */
export class ComposeSetupError extends Error {}

function readTemplate(path: string): { record: Record<string, unknown>; petitionId: number; source: string } {
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ComposeSetupError(`${path}: cannot read it as JSON (${(error as Error).message.split('\n')[0]})`);
  }
  const petitions = (record as { petitions?: unknown } | null)?.petitions;
  const entry = Array.isArray(petitions) && petitions.length === 1 ? (petitions[0] as { id?: unknown; source?: unknown }) : undefined;
  if (typeof entry?.id !== 'number' || typeof entry.source !== 'string') {
    throw new ComposeSetupError(`${path}: must name exactly one petition, the demo's, with its id and source`);
  }
  if ('apiKey' in (record as object) || 'secret' in (record as object)) {
    throw new ComposeSetupError(`${path}: must not hold apiKey or secret (compose-setup adds them)`);
  }
  return { record: record as Record<string, unknown>, petitionId: entry.id, source: entry.source };
}

/** Replaces `path` in one step, so the proxy never reads half a file; born 0600. */
function writeSecretFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, path);
}

export async function composeSetup(options: ComposeSetupOptions): Promise<ComposeSetupResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const template = readTemplate(options.template);
  const admin = await openAdmin(options.database);
  let result: ComposeSetupResult;
  let credentials: { api_key: string; secret: string };
  try {
    const found = await admin.consumerNamed(COMPOSE_CONSUMER_NAME);
    credentials = found ?? (await admin.createConsumer(COMPOSE_CONSUMER_NAME));
    // The petition's url is the page that embeds it, the proxy entry's source: found by it again.
    const existing = await admin.petitionIdByUrl(template.source);
    const petitionId = existing ?? (await admin.createPetition({ ...DEMO_PETITION, url: template.source })).petition_id;
    result = { petitionId, createdConsumer: !found, createdPetition: existing === null };
  } finally {
    await admin.close();
  }
  // The demo page (compose.yaml's `dev site --petition`) and the proxy name the petition by the
  // template's id; on a database that already had petitions the demo's gets another one.
  if (result.petitionId !== template.petitionId) {
    throw new ComposeSetupError(
      `the demo petition is petition ${result.petitionId} in this database, but ${options.template} names petition ${template.petitionId}: ` +
        `change its id there and the demo's --petition in compose.yaml to ${result.petitionId}`,
    );
  }
  const config = { ...template.record, apiKey: credentials.api_key, secret: credentials.secret };
  // Checked as the proxy will check it (without the environment's overrides), before it is written.
  parseProxyConfig(config);
  writeSecretFile(options.out, `${JSON.stringify(config, null, 2)}\n`);
  log(
    `compose-setup: API consumer "${COMPOSE_CONSUMER_NAME}" ${result.createdConsumer ? 'created' : 'found'}, ` +
      `petition ${result.petitionId} ${result.createdPetition ? 'created' : 'found'}; the proxy's configuration is in ${options.out} (0600)`,
  );
  return result;
}
