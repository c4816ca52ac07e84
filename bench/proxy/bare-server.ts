// The yardstick: a bare node:http server answering every request with the same bytes and
// content type that the proxy gives for a cached read.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const [bodyPath] = process.argv.slice(2);
const body = readFileSync(bodyPath!);
const server = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, vary: 'Origin' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
