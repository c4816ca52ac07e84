// SHA-256 in plain JavaScript (FIPS 180-4), for pages Web Crypto is not offered to: a page
// served over plain http from anywhere but this machine is not a secure context, and has no
// crypto.subtle. As fast there as Web Crypto's digest is for messages this short
// (bench/elements/proof-of-work.ts); test/components/proof-of-work.test.ts checks it against it.

const K = new Uint32Array(64);
// The constants are the first 32 bits of the fractional parts of the cube roots of the first 64
// primes: computed once rather than written out, which keeps the chunk small.
for (let prime = 2, found = 0; found < 64; prime++) {
  let isPrime = true;
  for (let divisor = 2; divisor * divisor <= prime; divisor++) if (prime % divisor === 0) isPrime = false;
  if (isPrime) K[found++] = ((Math.cbrt(prime) % 1) * 2 ** 32) >>> 0;
}
const INITIAL = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const W = new Uint32Array(64);

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256(message: Uint8Array): Uint8Array {
  const blocks = ((message.length + 8) >> 6) + 1;
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, message.length * 8);
  const hash = INITIAL.slice();
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) W[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15]!;
      const b = W[i - 2]!;
      W[i] = W[i - 16]! + (rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3)) + W[i - 7]! + (rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10));
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
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
  const digest = new Uint8Array(32);
  for (let i = 0; i < 8; i++) new DataView(digest.buffer).setUint32(i * 4, hash[i]!);
  return digest;
}
