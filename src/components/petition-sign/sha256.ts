// SHA-256 (FIPS 180-4) of a salt followed by a number in decimal, the one message the proof of
// work hashes (proof-solver.ts), written for that loop: no allocation per hash, so a solve of a
// hundred thousand tries makes no garbage and no collector pause, and no promise per hash as
// Web Crypto's digest needs. It also works where Web Crypto is not offered (a page served over
// plain http is not a secure context). test/components/petition-sign-proof.test.ts checks it
// against Web Crypto.

const K = new Uint32Array(64);
// The first 32 bits of the fractional parts of the cube roots of the first 64 primes, computed
// rather than written out: it keeps the chunk small.
for (let prime = 2, found = 0; found < 64; prime++) {
  let isPrime = true;
  for (let divisor = 2; divisor * divisor <= prime; divisor++) if (prime % divisor === 0) isPrime = false;
  if (isPrime) K[found++] = ((Math.cbrt(prime) % 1) * 2 ** 32) >>> 0;
}
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
/** The most decimal digits a number gets (2^53 has 16). */
const DIGITS_MAX = 16;

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export class SaltedSha256 {
  /** The last hash, as eight big-endian words (overwritten by the next). */
  readonly hash = new Uint32Array(8);
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #saltLength: number;
  readonly #w = new Uint32Array(64);

  constructor(salt: string) {
    const encoded = new TextEncoder().encode(salt);
    this.#saltLength = encoded.length;
    this.#bytes = new Uint8Array((((encoded.length + DIGITS_MAX + 8) >> 6) + 1) * 64);
    this.#bytes.set(encoded);
    this.#view = new DataView(this.#bytes.buffer);
  }

  /** The hash of the salt followed by `n` (a whole number from 0) in decimal, in `hash`. */
  of(n: number): Uint32Array {
    const bytes = this.#bytes;
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    const length = this.#saltLength + digits;
    for (let i = length - 1, rest = n; i >= this.#saltLength; i--, rest = Math.floor(rest / 10)) bytes[i] = 48 + (rest % 10);
    const blocks = ((length + 8) >> 6) + 1;
    bytes.fill(0, length, blocks * 64);
    bytes[length] = 0x80;
    this.#view.setUint32(blocks * 64 - 4, length * 8);
    const hash = this.hash;
    const w = this.#w;
    hash.set(INITIAL);
    for (let block = 0; block < blocks; block++) {
      for (let i = 0; i < 16; i++) w[i] = this.#view.getUint32(block * 64 + i * 4);
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15]!;
        const b = w[i - 2]!;
        w[i] = w[i - 16]! + (rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10));
      }
      let a = hash[0]!, b = hash[1]!, c = hash[2]!, d = hash[3]!, e = hash[4]!, f = hash[5]!, g = hash[6]!, h = hash[7]!;
      for (let i = 0; i < 64; i++) {
        const t1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
        const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g;
        g = f;
        f = e;
        e = (d + t1) | 0;
        d = c;
        c = b;
        b = a;
        a = (t1 + t2) | 0;
      }
      hash[0]! += a;
      hash[1]! += b;
      hash[2]! += c;
      hash[3]! += d;
      hash[4]! += e;
      hash[5]! += f;
      hash[6]! += g;
      hash[7]! += h;
    }
    return hash;
  }
}
