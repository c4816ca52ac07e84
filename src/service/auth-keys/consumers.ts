// A consumer is a site's proxy, known to the service by its api_key and secret: the operator makes
// one with `service admin create-consumer`, and the audit log says so (never the secret).
import { randomBytes } from 'node:crypto';
import { recordAudit, type Actor } from '../operators/audit-log.js';
import type { Store } from '../store/store.js';

export interface ConsumerCredentials {
  api_key: string;
  secret: string;
}

/** `name` is the operator's label for the site (names need not be unique); the credentials are returned once. */
export function createConsumer(store: Store, name: string, actor: Actor, now = Date.now()): Promise<ConsumerCredentials> {
  const credentials = { api_key: `pk_${randomBytes(16).toString('hex')}`, secret: randomBytes(32).toString('hex') };
  return store.db.transaction(async () => {
    await store.insertConsumer.run(name, credentials.api_key, credentials.secret, now);
    const consumer = (await store.consumerByApiKey.get(credentials.api_key))!;
    await recordAudit(store, actor, 'consumer created', `consumer ${consumer.id}`, name, now);
    return credentials;
  });
}
