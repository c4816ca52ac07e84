// The demo's first-run set-up: an API consumer, a seeded petition with its text, target and
// goal, and an operator for the console, in the service's database, remembered in the data
// folder so later starts reuse them (and their signatures).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openAdmin } from '../service/admin.js';
import type { ServiceAdmin } from '../service/admin.js';

export interface DemoState {
  apiKey: string;
  secret: string;
  petitionId: number;
  /** The console's demo sign-in (kept here, 0600, so every start can print it). */
  operatorEmail: string;
  operatorPassword: string;
}

export const DEMO_PETITION_TITLE = 'Save the Riverside Park';
export const DEMO_OPERATOR_EMAIL = 'operator@example.org';

/** The demo petition as the console would write it: every field through the same rules (compose-setup.ts too). */
export const DEMO_PETITION = {
  title: DEMO_PETITION_TITLE,
  overview:
    'The Riverside Park is the only green space for the twelve thousand people of the riverside district. ' +
    'The council plans to sell it for a car park. We ask the council to keep it a park, for everyone, for good.',
  targets: ['Riverside City Council'],
  goal: '5000',
};

async function createDemoOperator(admin: ServiceAdmin): Promise<Pick<DemoState, 'operatorEmail' | 'operatorPassword'>> {
  const password = randomBytes(12).toString('base64url');
  await admin.createOperator(DEMO_OPERATOR_EMAIL, password);
  return { operatorEmail: DEMO_OPERATOR_EMAIL, operatorPassword: password };
}

function save(statePath: string, state: DemoState): void {
  // Atomically, so an interrupted first run starts over.
  writeFileSync(`${statePath}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
  renameSync(`${statePath}.tmp`, statePath);
}

export async function loadOrCreateDemoState(dataDir: string, dbPath: string, seedCount: number): Promise<DemoState> {
  const statePath = join(dataDir, 'demo.json');
  if (existsSync(statePath)) {
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as Partial<DemoState> & Omit<DemoState, 'operatorEmail' | 'operatorPassword'>;
    if (state.operatorEmail && state.operatorPassword) return state as DemoState;
    // A demo folder from before the console: it gets its operator now.
    const admin = await openAdmin(dbPath);
    try {
      const upgraded = { ...state, ...(await createDemoOperator(admin)) };
      save(statePath, upgraded);
      return upgraded;
    } finally {
      await admin.close();
    }
  }

  mkdirSync(dataDir, { recursive: true });
  const admin = await openAdmin(dbPath);
  try {
    const consumer = await admin.createConsumer('petition-embed demo');
    const { petition_id } = await admin.createPetition(DEMO_PETITION);
    if (seedCount > 0) await admin.seed(petition_id, seedCount);
    const state: DemoState = { apiKey: consumer.api_key, secret: consumer.secret, petitionId: petition_id, ...(await createDemoOperator(admin)) };
    save(statePath, state);
    return state;
  } finally {
    await admin.close();
  }
}
