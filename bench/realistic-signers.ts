// Signers as a real petition gets them, for the submission benchmarks (issue 22): names, cities
// and postal codes drawn at random from the seed's tables, and addresses at common mail
// providers, each unique but in no order. A sequential load ("Bench Signer N",
// bench.N@example.org) lands every index's new key next to the last one, which flatters every
// B-tree: the duplicate index of a real petition takes keys all over its range.
import { CITIES, FIRST_NAMES, LAST_NAMES } from '../src/service/seed/seed-people.js';
import { foldForSearch } from '../src/service/store/signatures/search-keys.js';
import type { SignerInput } from '../src/shared/signer-fields.js';

const DOMAINS = [
  'gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'gmx.de', 'web.de', 'orange.fr',
  'free.fr', 'libero.it', 'proton.me', 'mail.ru', 'yandex.ru', 'btinternet.com', 'example.org',
];

/** The fields a signer must give. */
export type BenchSigner = Omit<SignerInput, 'phone' | 'reason' | 'hidden'>;

/** A small seeded generator (mulberry32): the same tag gives the same signers, run after run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An email's local part as people write theirs: folded name, no accents or spaces. */
const local = (name: string) => foldForSearch(name).replace(/[^a-z0-9]/g, '');

/**
 * `count` signers, the `index`th made from `tag` and `index` alone. Each address is unique
 * within a tag and across tags (the tag and the index, scrambled by an odd multiplier mod 2^32,
 * a bijection, make its number), also once a provider drops dots or a +tag from it.
 */
export function realisticSigners(count: number, tag: number): BenchSigner[] {
  const random = generator(tag * 7919 + 17);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const place = pick(CITIES);
    const number = (Math.imul(index + 1, 0x9e3779b1) >>> 0).toString(36);
    return {
      first_name: firstName,
      last_name: lastName,
      email: `${local(firstName)}.${local(lastName)}.t${tag}n${number}@${pick(DOMAINS)}`,
      address: `${1 + Math.floor(random() * 400)} ${pick(LAST_NAMES)} Street`,
      city: place.city,
      state_province: place.state_province,
      postal_code: place.postal_code,
      country_code: place.country_code,
    };
  });
}
