// A request body read straight from Node's IncomingMessage, at most `limitBytes`: the servers'
// way on Node (service: request-body.ts, proxy: index.ts). Reading it through a Web Request
// builds an undici Request and web streams per call, which cost more than the rest of a
// signature submission. The listeners are module functions with the read's state on the
// message, not closures made for each request (every signature passes through here). Never
// imported by the elements (node:http types only).
import type { IncomingMessage } from 'node:http';

interface BodyRead {
  chunks: Buffer[];
  size: number;
  limitBytes: number;
  tooLarge: () => Error;
  resolve: (text: string) => void;
  reject: (error: unknown) => void;
}

const READ = Symbol('body read');
type Reading = IncomingMessage & { [READ]?: BodyRead };

export function readIncomingText(incoming: IncomingMessage, limitBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(incoming.headers['content-length']);
  if (declared > limitBytes) {
    // Let the unread rest drain away.
    incoming.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    (incoming as Reading)[READ] = { chunks: [], size: 0, limitBytes, tooLarge, resolve, reject };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

function onData(this: Reading, chunk: Buffer): void {
  const read = this[READ]!;
  read.size += chunk.length;
  if (read.size > read.limitBytes) {
    finish(this);
    this.resume();
    read.reject(read.tooLarge());
    return;
  }
  read.chunks.push(chunk);
}

function onEnd(this: Reading): void {
  const read = this[READ]!;
  finish(this);
  read.resolve(read.chunks.length === 1 ? read.chunks[0]!.toString('utf8') : Buffer.concat(read.chunks).toString('utf8'));
}

function onError(this: Reading, error: Error): void {
  const read = this[READ]!;
  finish(this);
  read.reject(error);
}

function finish(incoming: Reading): void {
  incoming.off('data', onData);
  incoming.off('end', onEnd);
  incoming.off('error', onError);
  incoming[READ] = undefined;
}
