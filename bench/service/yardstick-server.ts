// The ingest benchmark's yardstick: the irreducible work of a signed signature submission and
// nothing else. Reads the form body, checks its sha256 rsig (REQUEST_STRING + SECRET +
// AUTH_KEY), and commits one row per request in a group commit (one transaction per event-loop
// turn, WAL, synchronous=NORMAL, as the service) under the one rule the interface needs in the
// answer's commit: a UNIQUE index on (petition, canonical email), checked by the insert itself.
// Answers 202, or 409 for an address that already signed. Runs as its own process.
// Usage: node --import tsx bench/service/yardstick-server.ts DB_FILE  (env YARDSTICK_SECRET,
// YARDSTICK_AUTH_KEY); prints "listening http://127.0.0.1:PORT" once it listens.
import { Sqlite } from '../../src/sqlite.js';
import { timingSafeEqual } from 'node:crypto';
import { rsigDigest } from '../../src/shared/rsig-digest.js';
import { emailIdentity } from '../../src/service/signatures/email-identity.js';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const secret = process.env.YARDSTICK_SECRET ?? '';
const authKey = process.env.YARDSTICK_AUTH_KEY ?? '';
const db = new Sqlite(process.argv[2]!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`CREATE TABLE IF NOT EXISTS submissions (
  id INTEGER PRIMARY KEY, petition_id INTEGER NOT NULL, email_identity TEXT NOT NULL, body TEXT NOT NULL)`);
db.exec('CREATE UNIQUE INDEX IF NOT EXISTS submissions_by_email ON submissions(petition_id, email_identity)');
const insert = db.prepare<[number, string, string]>('INSERT OR IGNORE INTO submissions (petition_id, email_identity, body) VALUES (?, ?, ?)');

interface Submission {
  petitionId: number;
  identity: string;
  body: string;
  response: ServerResponse;
}
const commit = db.transaction((batch: Submission[]) => batch.map((s) => insert.run(s.petitionId, s.identity, s.body).changes === 1));

const ACCEPTED = '{"result":"success"}';
const REFUSED = '{"result":"failure","messages":["rsig: does not match the request"]}';
const DUPLICATE = '{"result":"failure","messages":["email: this address has already signed"]}';
let waiting: Submission[] = [];

function answer(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function flush(): void {
  const batch = waiting;
  // A SIGTERM flushes at once and closes the file: the turn's scheduled flush then finds nothing.
  if (batch.length === 0) return;
  waiting = [];
  const inserted = commit(batch);
  batch.forEach((entry, i) => answer(entry.response, inserted[i] ? 202 : 409, inserted[i] ? ACCEPTED : DUPLICATE));
}

/** The form body's email, decoded: the duplicate rule's input. */
function email(body: string): string {
  // Where "email=" starts in the body: the index of "&email=" once the body is prefixed with "&".
  const at = `&${body}`.indexOf('&email=');
  if (at < 0) return '';
  const start = at + 6;
  const end = body.indexOf('&', start);
  return decodeURIComponent(body.slice(start, end < 0 ? undefined : end).replaceAll('+', ' '));
}

/** The rsig pair is the body's last; what it signs is everything before it. */
function verified(body: string): boolean {
  const at = body.lastIndexOf('&rsig=');
  if (at < 0) return false;
  const rsig = Buffer.from(body.slice(at + 6));
  const expected = Buffer.from(rsigDigest(body.slice(0, at), secret, authKey));
  return rsig.length === expected.length && timingSafeEqual(rsig, expected);
}

const PETITION_PATH = /^\/v1\/petitions\/(\d+)\/signatures$/;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const petition = PETITION_PATH.exec(request.url ?? '');
    if (!petition || !verified(body)) return answer(response, 401, REFUSED);
    if (waiting.length === 0) setImmediate(flush);
    waiting.push({ petitionId: Number(petition[1]), identity: emailIdentity(email(body)), body, response });
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  if (waiting.length > 0) flush();
  db.close();
});
