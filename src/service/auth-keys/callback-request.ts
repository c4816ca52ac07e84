// One callback POST: never follows a redirect (the payload carries the key), gives up at its
// deadline, reads no more of the answer than its status, and, unless private callbacks are
// allowed, connects only to an address it has just checked, so a name that resolved to a public
// address when the key was requested cannot be pointed at loopback later (DNS rebinding).
import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, publicAddresses } from './callback-address.js';

export interface CallbackPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Aborted when the service shuts down. */
  signal: AbortSignal;
  allowPrivate: boolean;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export async function postCallback(post: CallbackPost): Promise<{ status: number }> {
  const url = new URL(post.url);
  const signal = AbortSignal.any([post.signal, AbortSignal.timeout(post.timeoutMs)]);
  const host = bareHost(url);
  // Node connects to an address literal without any lookup: check it here.
  if (!post.allowPrivate && isIP(host)) await publicAddresses(host);
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
    agent: false,
    signal,
  };
  if (!post.allowPrivate) options.lookup = checkedLookup(post.timeoutMs) as RequestOptions['lookup'];
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = send(url, options, (response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.destroy();
    });
    sent.on('error', reject);
    sent.end(post.body);
  });
}

/** A lookup for the socket that answers only with addresses that passed the check. */
function checkedLookup(timeoutMs: number) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    publicAddresses(hostname, timeoutMs).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
