// `proxy doctor`'s check of each file in the data folder, opened as the proxy opens it but read-only:
// one line each, fine, missing (before the first start), or unusable with the remedy. Never their contents.
import { existsSync } from 'node:fs';
import type { ProxyConfig } from '../config/config.js';
import { inspectDataFile, type DataFile } from '../config/data-file.js';
import { stateDataFile } from '../config/state-database.js';
import { createKeyFile, keyFilePath } from '../keys/key-file.js';
import { outboxDataFile } from '../outbox/outbox-sqlite.js';
import { webhookDataFile } from '../webhooks/webhook-sqlite.js';
import { UnusableFileError } from '../../unusable-file.js';
import { fail, ok, type Finding } from './doctor-finding.js';

const MISSING = 'not made yet: the proxy makes it when it starts';

function databaseFinding(subject: string, file: DataFile): Finding {
  const state = inspectDataFile(file);
  if (state.kind === 'missing') return ok(subject, `${file.path} ${MISSING}`);
  if (state.kind === 'unusable') return fail(subject, state.error.message);
  return ok(subject, `${file.path} opens and passes SQLite's check`);
}

async function keyFileFinding(dataDir: string): Promise<Finding> {
  const subject = 'key file';
  const path = keyFilePath(dataDir);
  try {
    const records = await createKeyFile(dataDir).read();
    if (records.length === 0 && !existsSync(path)) return ok(subject, `${path} ${MISSING}`);
    return ok(subject, `${path} reads as this proxy wrote it`);
  } catch (error) {
    if (error instanceof UnusableFileError) return fail(subject, error.message);
    throw error;
  }
}

export async function checkDataFiles(config: ProxyConfig): Promise<Finding[]> {
  const dir = config.dataDir;
  return [
    databaseFinding('outbox', outboxDataFile(dir)),
    databaseFinding('state', stateDataFile(dir)),
    databaseFinding('webhook queue', webhookDataFile(dir)),
    await keyFileFinding(dir),
  ];
}
