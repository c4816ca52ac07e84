// The demo's first-run set-up: an API consumer and a seeded petition in the service's database,
// remembered in the data folder so later starts reuse them (and their signatures).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openAdmin } from '../service/admin.js';

export interface DemoState {
  apiKey: string;
  secret: string;
  petitionId: number;
}

export const DEMO_PETITION_TITLE = 'Save the Riverside Park';

export function loadOrCreateDemoState(dataDir: string, dbPath: string, seedCount: number): DemoState {
  const statePath = join(dataDir, 'demo.json');
  if (existsSync(statePath)) return JSON.parse(readFileSync(statePath, 'utf8')) as DemoState;

  mkdirSync(dataDir, { recursive: true });
  const admin = openAdmin(dbPath);
  try {
    const consumer = admin.createConsumer('petition-embed demo');
    const { petition_id } = admin.createPetition(DEMO_PETITION_TITLE);
    if (seedCount > 0) admin.seed(petition_id, seedCount);
    const state: DemoState = { apiKey: consumer.api_key, secret: consumer.secret, petitionId: petition_id };
    // Written only once everything exists, and atomically, so an interrupted first run starts over.
    writeFileSync(`${statePath}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
    renameSync(`${statePath}.tmp`, statePath);
    return state;
  } finally {
    admin.close();
  }
}
