// Seeds a petition with realistic signers (admin `seed`): names, cities with their country and
// subdivision, spread over past months, 5 % hidden (rounded), written in large transactions.
import { randomBytes } from 'node:crypto';
import { emailIdentity } from '../signatures/email-identity.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from './seed-people.js';
import { OperatorError } from '../errors/operator-error.js';
import { signatureColumns } from '../signatures/signature-row.js';
import type { Store } from '../store/store.js';
import { signatureArrays } from '../store/signatures/bulk-store.js';
import { indexWaitingSignatures } from '../signatures/search-index.js';
import type { SignatureColumns } from '../store/store.js';

const CHUNK = 50_000;
const HIDDEN_SHARE = 0.05;
/** Seeded history spans about six months before the petition's earliest signature. */
const HISTORY_MS = 182 * 24 * 60 * 60_000;
/** Ten times the benchmarks' million: a slip of the finger (a count of 10^14) must not fill the disk for hours. */
const SEED_COUNT_MAX = 10_000_000;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/**
 * Seeded signers are history: older than every signature already on the petition, taking listed
 * positions below the petition's first one, so positions stay in time order without renumbering,
 * and a service running on the file keeps appending. They are written oldest first, so ids go
 * in signing order too: the delivery (src/service/delivery/) numbers its signers by id.
 */
export async function seedSignatures(store: Store, petitionId: number, count: number): Promise<{ inserted: number }> {
  if (!Number.isSafeInteger(count) || count < 1 || count > SEED_COUNT_MAX) {
    throw new OperatorError(`count: must be a whole number from 1 to ${SEED_COUNT_MAX.toLocaleString('en-GB')}`);
  }
  if (!await store.petitionById.get(petitionId)) throw new OperatorError(`petition ${petitionId} not found`);
  const run = randomBytes(4).toString('hex');
  const averageGapMs = Math.max(1, HISTORY_MS / count);
  // Exactly this many hidden, at random places (selection sampling): a seeded petition always
  // lists the same number of signers, which demos and tests count on.
  const hiddenCount = Math.round(count * HIDDEN_SHARE);
  let hiddenLeft = hiddenCount;
  let inserted = 0;
  /** Set by the first chunk: the oldest seeded signature's time and listed position. */
  let history: { start: number; nextPosition: number } | null = null;
  while (inserted < count) {
    const size = Math.min(CHUNK, count - inserted);
    await store.db.transaction(async () => {
      const petition = (await store.petitionForUpdate.get(petitionId))!;
      history ??= {
        start: (petition.earliest_signed_on ?? Date.now()) - 1000 - count * averageGapMs,
        nextPosition: petition.first_listed_position - (count - hiddenCount),
      };
      const first = Math.min(history.nextPosition, petition.first_listed_position);
      let earliest = Number.POSITIVE_INFINITY;
      const rows: SignatureColumns[] = [];
      for (let i = 0; i < size; i++) {
        // One slot of the history per signer, at a random moment within it: times only go forward.
        const time = Math.floor(history.start + (inserted + i + Math.random()) * averageGapMs);
        earliest = Math.min(earliest, time);
        const hidden = Math.random() * (count - inserted - i) < hiddenLeft;
        if (hidden) hiddenLeft--;
        const firstName = pick(FIRST_NAMES);
        const lastName = pick(LAST_NAMES);
        const place = pick(CITIES);
        // example.org never receives mail. The run tag keeps addresses unique across seeds;
        // leading with a zero-padded counter makes the email index grow at its end (fast).
        const email = `seed${run}.${String(inserted + i).padStart(9, '0')}.${firstName}.${lastName}@example.org`
          .toLowerCase()
          .replace(/[^a-z0-9.@]/g, '');
        const position = hidden ? null : history.nextPosition++;
        rows.push(
          signatureColumns({
            petitionId,
            emailIdentity: emailIdentity(email),
            signer: {
              email,
              first_name: firstName,
              last_name: lastName,
              address: `${1 + Math.floor(Math.random() * 200)} Main Street`,
              city: place.city,
              state_province: place.state_province,
              postal_code: place.postal_code,
              country_code: place.country_code,
              hidden,
            },
            signedOn: time,
            authKeyRequestId: null,
            listedPosition: position,
            state: 'counted',
          }),
        );
      }
      // One statement per chunk where each statement is a round trip (PostgreSQL).
      if (store.db.statementsAreRoundTrips) await store.insertSignatures.run(...signatureArrays(rows));
      else for (const row of rows) await store.insertSignature.run(row);
      await store.recordSignaturesAdded.run({
        id: petitionId,
        added: size,
        first,
        last: petition.last_listed_position,
        earliest,
      });
    });
    inserted += size;
    // Searchable when the command ends, rather than after the service's ticks catch up.
    while (await indexWaitingSignatures(store, 1));
  }
  return { inserted };
}
