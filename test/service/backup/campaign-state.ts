// What a campaign holds besides its stream of signatures, made the way an operator and signers
// make it, so a backup test can check that a restored copy keeps it (issue 30): block-list
// entries (the console), a paper batch (the admin API), a trending alert dismissed in the
// console, and a petition that confirms its signers with some confirmed (the mailed link's
// button) and one still waiting.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleFixture } from '../console-fixture.js';
import { readDatabase } from '../console-fixture.js';
import { eventually, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import type { MailCatcher } from '../mail-catcher.js';

/** The trending rule's settings the service must start with for makeCampaignState's alert. */
export const TREND = { everyMs: 100, minSignatures: 5, minSharePercent: 20 };

export interface CampaignState {
  confirmingPetitionId: number;
  trendPetitionId: number;
  /** Last names (each signer has its own) of the signatures made here. */
  paperNames: string[];
  confirmedNames: string[];
  waitingNames: string[];
  /** The confirmation link mailed to the signer still waiting. */
  waitingLink: string;
  trendNames: string[];
}

const onPetition = (t: TestService, petitionId: number): TestService => ({ ...t, petitionId });
const lastNameOf = (fields: [string, string][]) => fields.find(([name]) => name === 'last_name')![1];

async function blockSomeSigners(f: ConsoleFixture): Promise<void> {
  const entries: Array<[string, string]> = [['domain', 'blocked.example'], ['email', 'someone.blocked@example.net'], ['range', '198.51.100.0/24']];
  for (const [kind, value] of entries) {
    await f.client.get('/admin/block-list');
    const answer = await f.client.post('/admin/block-list', { kind, value, petition: '' });
    assert.equal(answer.status, 303, `block ${kind} ${value}`);
  }
}

async function addPaperBatch(t: TestService): Promise<string[]> {
  const names = ['Paperfirst', 'Papersecond', 'Paperthird'];
  const sheet = join(t.dir, 'paper.csv');
  writeFileSync(sheet, ['first_name,last_name,email,address,city,postal_code,country_code', ...names.map((name, i) => `Pat,${name},,${i + 1} Mill Lane,Leeds,LS1 4AP,GB`)].join('\n'));
  const imported = await t.admin.importPaper(t.petitionId, sheet, true);
  assert.equal(imported.to_add, names.length);
  assert.ok(imported.batch_id !== undefined, 'the paper batch was added');
  return names;
}

/** Three signers on a petition that confirms them: two press their link's button, one waits. */
async function confirmSome(t: TestService, catcher: MailCatcher): Promise<{ petitionId: number; confirmed: string[]; waiting: string[]; waitingLink: string }> {
  const { petition_id: petitionId } = await t.admin.createPetition({ title: 'Confirmed signers', confirm_signers: 'true' });
  const p = onPetition(t, petitionId);
  const key = await grantedKey(p, 'https://confirming.example.org/');
  const signers = [0, 1, 2].map(() => signerFields());
  for (const fields of signers) assert.equal((await submitSignature(p, 'https://confirming.example.org/', key, fields)).status, 202);
  const emails = signers.map((fields) => fields.find(([name]) => name === 'email')![1]);
  const mails = await eventually(
    () => emails.map((email) => catcher.mails.find((mail) => mail.to === email)),
    (found) => found.every((mail) => mail?.link !== undefined),
    5000,
  );
  for (const mail of mails.slice(0, 2)) assert.equal((await fetch(mail!.link!, { method: 'POST', redirect: 'manual' })).status, 200);
  const names = signers.map(lastNameOf);
  return { petitionId, confirmed: names.slice(0, 2), waiting: names.slice(2), waitingLink: mails[2]!.link! };
}

/** Five signatures from one /24 on a petition of their own raise an alert, dismissed in the console. */
async function raiseAndDismissAlert(f: ConsoleFixture): Promise<{ petitionId: number; names: string[] }> {
  const { t } = f;
  const { petition_id: petitionId } = await t.admin.createPetition('Trending petition');
  const p = onPetition(t, petitionId);
  const source = 'https://trend.example.org/';
  const key = await grantedKey(p, source);
  const names: string[] = [];
  for (let host = 1; host <= TREND.minSignatures; host++) {
    const fields = signerFields({ email: `trend${host}.${process.pid}@mail${host}.example.org` });
    names.push(lastNameOf(fields));
    assert.equal((await submitSignature(p, source, key, [...fields, ['client_address', `203.0.113.${host}`]])).status, 202);
  }
  const alerts = () =>
    readDatabase(t, (db) => db.prepare<[number], { id: number }>('SELECT id FROM trending_alerts WHERE petition_id = ? ORDER BY id').all(petitionId));
  const [alert] = await eventually(alerts, (rows) => rows.length > 0, 5000);
  assert.ok(alert, 'a trending alert was raised');
  await f.client.get('/admin/alerts');
  assert.equal((await f.client.post(`/admin/alerts/${alert.id}/dismiss`, { from: 'petition' })).status, 303);
  return { petitionId, names };
}

/** Makes all of the above on the fixture's service; its main petition gets the paper batch. */
export async function makeCampaignState(f: ConsoleFixture, catcher: MailCatcher): Promise<CampaignState> {
  await blockSomeSigners(f);
  const paperNames = await addPaperBatch(f.t);
  const confirming = await confirmSome(f.t, catcher);
  const trend = await raiseAndDismissAlert(f);
  return {
    confirmingPetitionId: confirming.petitionId,
    trendPetitionId: trend.petitionId,
    paperNames,
    confirmedNames: confirming.confirmed,
    waitingNames: confirming.waiting,
    waitingLink: confirming.waitingLink,
    trendNames: trend.names,
  };
}
