// A signer's withdrawal token, as a proxy makes it for its thank-you link and sends it with the
// signature (docs/api.md "Signatures": `withdrawal_token`), and as the service accepts it: 32
// random bytes (256 bits), base64url without padding, so exactly 43 characters.
export const WITHDRAWAL_TOKEN_FIELD = 'withdrawal_token';
export const WITHDRAWAL_TOKEN_LENGTH = 43;

const WITHDRAWAL_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${WITHDRAWAL_TOKEN_LENGTH}}$`);

export function isWithdrawalToken(value: unknown): value is string {
  return typeof value === 'string' && WITHDRAWAL_TOKEN.test(value);
}

const TOKEN_BYTES = 32;
/**
 * Random bytes are drawn for 128 tokens at a time and each byte is used once: a call to the
 * system's generator per signature was 4 % of the proxy's CPU per submission (docs/benchmarks.md
 * "Through the proxy"), as Node draws randomUUID's bytes in batches for the same reason.
 */
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = new Uint8Array(0);
let taken = 0;

function randomTokenBytes(): Uint8Array {
  if (taken + TOKEN_BYTES > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    taken = 0;
  }
  const bytes = pool.subarray(taken, taken + TOKEN_BYTES);
  taken += TOKEN_BYTES;
  return bytes;
}

/** Web Crypto only: the proxy's app runs wherever Hono does. */
export function newWithdrawalToken(): string {
  const bytes = randomTokenBytes();
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
