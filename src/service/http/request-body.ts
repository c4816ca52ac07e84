// Reads a request body straight from Node's IncomingMessage (src/shared/incoming-body.ts), at
// most BODY_LIMIT_BYTES (docs/api.md "Requests": larger is 413).
import type { IncomingMessage } from 'node:http';
import { readIncomingText } from '../../shared/incoming-body.js';
import { bodyLimitFor, worstCaseSignedFormBytes } from '../../shared/signed-body-limit.js';
import { ApiError } from '../errors/api-error.js';

/** 16 KiB, raised so that every signed request the rules accept fits in any script (36 KiB). */
export const BODY_LIMIT_BYTES = bodyLimitFor(worstCaseSignedFormBytes());

function tooLarge(): ApiError {
  return new ApiError(413, [`body: larger than ${BODY_LIMIT_BYTES} bytes`]);
}

export function readBodyText(incoming: IncomingMessage): Promise<string> {
  return readIncomingText(incoming, BODY_LIMIT_BYTES, tooLarge);
}
