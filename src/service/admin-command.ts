// `petition-embed service admin …`: one operator's command on the database, its result printed
// as JSON on stdout.
import { parseArgs } from 'node:util';
import { openAdmin } from './admin.js';
import type { ServiceAdmin } from './admin.js';
import type { PetitionFieldsText } from './petitions/petition-fields.js';
import { readPetitionRetainDays } from './retention/petition-retention.js';
import { checkBackupSource } from './store/engines/sqlite-backup.js';
import { DEFAULT_DB, required, UsageError, wholeNumber } from './command-arguments.js';

/** A password piped in (`--password-stdin`), without the newline that ends it. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** The petition's fields, then its own retention period when given (checked first: a refused period changes nothing). */
async function updatePetition(admin: ServiceAdmin, id: number, text: PetitionFieldsText, retainDays: string | undefined): Promise<object> {
  if (retainDays !== undefined) readPetitionRetainDays(retainDays);
  const petition = await admin.updatePetition(id, text);
  return retainDays === undefined ? petition : { ...petition, ...(await admin.setRetention(id, retainDays)) };
}

export async function runAdmin(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    allowNegative: true,
    options: {
      db: { type: 'string', default: process.env['DATABASE_URL'] ?? DEFAULT_DB },
      name: { type: 'string' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'confirm-signers': { type: 'boolean' },
      title: { type: 'string' },
      overview: { type: 'string' },
      target: { type: 'string', multiple: true },
      'clear-targets': { type: 'boolean', default: false },
      goal: { type: 'string' },
      status: { type: 'string' },
      'end-at': { type: 'string' },
      url: { type: 'string' },
      'image-url': { type: 'string' },
      'retain-days-after-close': { type: 'string' },
      petition: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      to: { type: 'string' },
      confirm: { type: 'boolean', default: false },
    },
  });
  const [command, id, file] = positionals;
  const petitionText: PetitionFieldsText = {
    title: values.title,
    overview: values.overview,
    targets: values['clear-targets'] ? [] : values.target,
    goal: values.goal,
    status: values.status,
    end_at: values['end-at'],
    url: values.url,
    image_url: values['image-url'],
    confirm_signers: values['confirm-signers'] === undefined ? undefined : String(values['confirm-signers']),
  };
  const password = values['password-stdin'] ? await passwordFromStdin() : undefined;
  const actions: Record<string, (admin: ServiceAdmin) => unknown> = {
    'create-consumer': (admin) => admin.createConsumer(required('name', values.name)),
    'create-petition': (admin) => admin.createPetition({ ...petitionText, title: required('title', values.title) }),
    'update-petition': (admin) => updatePetition(admin, wholeNumber('ID', id, 1), petitionText, values['retain-days-after-close']),
    petition: (admin) => admin.petition(wholeNumber('ID', id, 1)),
    seed: (admin) => admin.seed(wholeNumber('petition', values.petition, 1), wholeNumber('count', values.count, 1)),
    delivery: (admin) => admin.delivery(wholeNumber('PETITION_ID', id, 1), required('out', values.out)),
    'hide-name': (admin) => admin.hideName(wholeNumber('SIGNATURE_ID', id, 1)),
    'show-name': (admin) => admin.showName(wholeNumber('SIGNATURE_ID', id, 1)),
    'import-paper': (admin) => admin.importPaper(wholeNumber('PETITION_ID', id, 1), required('FILE', file), values.confirm),
    'remove-paper-batch': (admin) => admin.removePaperBatch(wholeNumber('BATCH_ID', id, 1)),
    'auth-keys': (admin) => admin.listAuthKeys(),
    grant: (admin) => admin.grant(wholeNumber('ID', id, 1)),
    deny: (admin) => admin.deny(wholeNumber('ID', id, 1)),
    revoke: (admin) => admin.revoke(wholeNumber('ID', id, 1)),
    'create-operator': (admin) => admin.createOperator(required('email', values.email), password),
    'reset-operator-password': (admin) => admin.resetOperatorPassword(required('email', values.email), password),
    backup: (admin) => admin.backup(required('out', values.out)),
  };
  if (command === 'copy-to-postgres') {
    // Not through openAdmin: the target is written in the copy's one transaction only. Loaded
    // here, as the engine is: a service on SQLite never loads the PostgreSQL driver.
    const { copyToPostgres } = await import('./store/copy/copy-to-postgres.js');
    // The target may come from DATABASE_URL, so that its password stays off the command line (and
    // out of `ps`); the source is then named by --db, which DATABASE_URL would otherwise fill.
    const to = values.to ?? process.env['DATABASE_URL'];
    const summary = await copyToPostgres(values.db, required('to', to), (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const action = command ? actions[command] : undefined;
  if (!action) throw new UsageError(command ? `unknown admin command: ${command}` : 'admin: which command?');
  // Refused before opening: PostgreSQL's own tools make its backups; a missing file is not made.
  if (command === 'backup') await checkBackupSource(values.db);
  const admin = await openAdmin(values.db);
  try {
    process.stdout.write(`${JSON.stringify(await action(admin))}\n`);
  } finally {
    await admin.close();
  }
}
