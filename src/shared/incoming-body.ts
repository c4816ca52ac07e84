// A request body read straight from Node's IncomingMessage, at most `limitBytes`: the servers'
// way on Node (service: request-body.ts, proxy: index.ts). Reading it through a Web Request
// builds an undici Request and web streams per call, which cost more than the rest of a
// signature submission. Never imported by the elements (node:http types only).
import type { IncomingMessage } from 'node:http';

export function readIncomingText(incoming: IncomingMessage, limitBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(incoming.headers['content-length']);
  if (declared > limitBytes) {
    // Let the unread rest drain away.
    incoming.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        incoming.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}
