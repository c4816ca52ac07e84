// Reads a request body straight from Node's IncomingMessage, at most BODY_LIMIT_BYTES
// (docs/api.md "Requests": larger is 413). Reading it through the Web Request would build an undici
// Request per call, which costs more than the rest of a signature submission.
import type { IncomingMessage } from 'node:http';
import { bodyLimitFor, worstCaseSignedFormBytes } from '../shared/signed-body-limit.js';
import { ApiError } from './api-error.js';

/** 16 KiB, raised so that every signed request the rules accept fits in any script (36 KiB). */
export const BODY_LIMIT_BYTES = bodyLimitFor(worstCaseSignedFormBytes());

function tooLarge(): ApiError {
  return new ApiError(413, [`body: larger than ${BODY_LIMIT_BYTES} bytes`]);
}

export function readBodyText(incoming: IncomingMessage): Promise<string> {
  const declared = Number(incoming.headers['content-length']);
  if (declared > BODY_LIMIT_BYTES) {
    // Let the unread rest drain away; the answer goes out with Connection: close.
    incoming.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
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
