// `proxy doctor`'s check of each petition's authorization key, as the proxy stored it
// (auth-keys.json), with what to do next: who decides, and how. Never prints the key.
import type { ProxyConfig } from '../config/config.js';
import { fail, KEY_REQUESTS, ok, warn, type Finding } from './doctor-finding.js';
import { createKeyFile, keyFilePath } from '../keys/key-file.js';
import type { KeyRecord } from '../keys/key-store.js';

/** Where the service's operator decides key requests: its console, or its admin command. */
function whoDecides(config: ProxyConfig): string {
  const consoleUrl = `${new URL(config.upstream).origin}/admin`;
  return (
    `the service's operator grants it in the console at ${consoleUrl}, or with ` +
    '`npx petition-embed service admin grant --db DATABASE ID` (ID from `service admin auth-keys`)'
  );
}

function keyFinding(config: ProxyConfig, petitionId: number, source: string, records: KeyRecord[], requestsRefused: boolean): Finding {
  const subject = `petition ${petitionId} key`;
  // A record for another source is another key request: it does not sign for this one.
  const record = records.find((r) => r.petition_id === petitionId && r.source === source);
  switch (record?.status) {
    case 'granted':
      return ok(subject, `granted (since ${record.updated_at})`);
    case 'pending':
      return fail(subject, `requested ${record.updated_at}, not decided yet: ${whoDecides(config)}; the proxy learns the decision by callback or by asking again`);
    case 'denied':
      return fail(subject, `denied by the service's operator: ask them why; they can still grant the same request (${whoDecides(config)})`);
    case 'revoked':
      return fail(
        subject,
        'revoked by the service\'s operator: signatures are refused. A revoked key is never granted again; ' +
          'after talking to them, a new request needs a new source for this petition in the config (a request is one per petition, api_key and source), then a restart',
      );
    default:
      // The proxy asks at every start and is refused each time: no record is not "not yet".
      if (requestsRefused) return fail(subject, `not obtained: the service refuses the proxy's key requests (see "${KEY_REQUESTS}")`);
      return warn(subject, 'not requested yet: the proxy requests it when it starts, then the service\'s operator decides');
  }
}

/** `requestsRefused`: the service refuses this proxy's key requests (doctor-service.ts). */
export async function checkKeys(config: ProxyConfig, requestsRefused: boolean): Promise<Finding[]> {
  let records: KeyRecord[];
  try {
    records = await createKeyFile(config.dataDir).read();
  } catch {
    // The data files' check says what is wrong with it and what to do (doctor-data-files.ts).
    return [fail('keys', `not known: ${keyFilePath(config.dataDir)} cannot be read (see "key file")`)];
  }
  return config.petitions.map((petition) => keyFinding(config, petition.id, petition.source, records, requestsRefused));
}
