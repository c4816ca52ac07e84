// The proxy's submission yardstick: the least any signing proxy does with a signature. It reads
// the browser's JSON, form-encodes its fields with the api key, source, timestamp and endpoint,
// signs them with the secret and its authorization key (rsig, as the proxy does), posts them to
// the service on a kept connection, and answers with the service's status and body. No origin
// rule, budget, schema, withdrawal token or outbox: what bench:proxy's proxied side costs beyond
// this is the proxy's own.
// Usage: node --import tsx bench/proxy/relay-server.ts SERVICE_PATH_URL SOURCE  (env RELAY_API_KEY,
// RELAY_SECRET, RELAY_AUTH_KEY); prints "ready http://127.0.0.1:PORT" once it listens.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rsigDigest } from '../../src/shared/rsig-digest.js';
import { formEncode } from '../../src/shared/signing.js';

const [serviceUrl, source] = process.argv.slice(2) as [string, string];
const service = new URL(serviceUrl);
const apiKey = process.env.RELAY_API_KEY ?? '';
const secret = process.env.RELAY_SECRET ?? '';
const authKey = process.env.RELAY_AUTH_KEY ?? '';
const agent = new Agent({ keepAlive: true });

function answer(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function forward(fields: Record<string, unknown>, response: ServerResponse): void {
  const pairs: [string, string][] = [['api_key', apiKey], ['source', source]];
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') pairs.push([name, value]);
  pairs.push(['timestamp', new Date().toISOString()], ['endpoint', service.pathname]);
  const signed = formEncode(pairs);
  const body = `${signed}&rsig=${rsigDigest(signed, secret, authKey)}`;
  const outgoing = request(
    service,
    { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
    (incoming: IncomingMessage) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => answer(response, incoming.statusCode ?? 502, Buffer.concat(chunks).toString('utf8')));
    },
  );
  outgoing.on('error', () => answer(response, 502, '{"result":"failure"}'));
  outgoing.end(body);
}

const server = createServer((incoming, response) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(response, 400, '{"result":"failure"}');
    }
    if (typeof fields !== 'object' || fields === null) return answer(response, 400, '{"result":"failure"}');
    forward(fields as Record<string, unknown>, response);
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  agent.destroy();
});
