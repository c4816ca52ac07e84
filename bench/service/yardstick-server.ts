// The ingest benchmark's yardstick: the irreducible work of a signed signature submission and
// nothing else. Reads the form body, checks its sha256 rsig (REQUEST_STRING + SECRET +
// AUTH_KEY), commits one row per request in a group commit (one transaction per event-loop
// turn, WAL, synchronous=NORMAL, as the service), answers 202. Runs as its own process.
// Usage: node --import tsx bench/service/yardstick-server.ts DB_FILE  (env YARDSTICK_SECRET,
// YARDSTICK_AUTH_KEY); prints "listening http://127.0.0.1:PORT" once it listens.
import { Sqlite } from '../../src/sqlite.js';
import { timingSafeEqual } from 'node:crypto';
import { rsigDigest } from '../../src/shared/rsig-digest.js';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const secret = process.env.YARDSTICK_SECRET ?? '';
const authKey = process.env.YARDSTICK_AUTH_KEY ?? '';
const db = new Sqlite(process.argv[2]!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS submissions (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare<[string]>('INSERT INTO submissions (body) VALUES (?)');
const commit = db.transaction((bodies: string[]) => {
  for (const body of bodies) insert.run(body);
});

const ACCEPTED = '{"result":"success"}';
const REFUSED = '{"result":"failure","messages":["rsig: does not match the request"]}';
let waiting: { body: string; response: ServerResponse }[] = [];

function answer(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function flush(): void {
  const batch = waiting;
  waiting = [];
  commit(batch.map((entry) => entry.body));
  for (const entry of batch) answer(entry.response, 202, ACCEPTED);
}

/** The rsig pair is the body's last; what it signs is everything before it. */
function verified(body: string): boolean {
  const at = body.lastIndexOf('&rsig=');
  if (at < 0) return false;
  const rsig = Buffer.from(body.slice(at + 6));
  const expected = Buffer.from(rsigDigest(body.slice(0, at), secret, authKey));
  return rsig.length === expected.length && timingSafeEqual(rsig, expected);
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verified(body)) return answer(response, 401, REFUSED);
    if (waiting.length === 0) setImmediate(flush);
    waiting.push({ body, response });
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
