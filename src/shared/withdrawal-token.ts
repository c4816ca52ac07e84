// A signer's withdrawal token, as a proxy makes it for its thank-you link and sends it with the
// signature (docs/api.md "Signatures": `withdrawal_token`), and as the service accepts it: 32
// random bytes (256 bits), base64url without padding, so exactly 43 characters.
export const WITHDRAWAL_TOKEN_FIELD = 'withdrawal_token';
export const WITHDRAWAL_TOKEN_LENGTH = 43;

const WITHDRAWAL_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${WITHDRAWAL_TOKEN_LENGTH}}$`);

export function isWithdrawalToken(value: unknown): value is string {
  return typeof value === 'string' && WITHDRAWAL_TOKEN.test(value);
}

/** Web Crypto only: the proxy's app runs wherever Hono does. */
export function newWithdrawalToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
