// Screens each signature submission, after its fields were checked and before it is queued:
// an email from a disposable mail service is 400 on `email`; one on a block list (its domain
// or a domain above it, its address as the duplicate rule compares them, its network address)
// is 403 with words that do not say which list. The lists are kept in memory: read again after
// this process changed them (the store's rulesVersion), and at least every second, so a change
// made by an admin command or another instance applies within a second.
import { inRange, parseIp, parseIpRange, type IpRange } from '../../shared/ip-address.js';
import { DISPOSABLE_EMAIL, SIGNATURE_NOT_ACCEPTED } from '../../shared/signature-refusals.js';
import { ApiError } from '../errors/api-error.js';
import type { ScreenedSubmission } from '../signatures/signature-submission.js';
import { emailDomain } from '../signatures/email-identity.js';
import type { Store } from '../store/store.js';
import { domainAndParents, isDisposableDomain } from './disposable-domains.js';

/** The block lists are read again at least this often. */
const RELOAD_MS = 1000;

interface Lists {
  domains: Set<string>;
  emails: Set<string>;
  ranges: IpRange[];
}

function emptyLists(): Lists {
  return { domains: new Set(), emails: new Set(), ranges: [] };
}

export class SubmissionScreen {
  readonly #store: Store;
  /** By petition id; 0 is the whole service. */
  #lists = new Map<number, Lists>();
  #loadedAt = -Infinity;
  #rulesValue = -1;
  #loading: Promise<void> | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Throws the refusal, if any: 400 for a disposable domain, 403 for a blocked signer. */
  async check(submission: ScreenedSubmission): Promise<void> {
    if (isDisposableDomain(emailDomain(submission.email))) throw new ApiError(400, [DISPOSABLE_EMAIL]);
    if (await this.blocks(submission)) throw new ApiError(403, [SIGNATURE_NOT_ACCEPTED]);
  }

  /** Whether a block list takes this signer now: at submission, and again when a waiting signature is confirmed (confirmation-recheck.ts). */
  async blocks(signer: ScreenedSubmission): Promise<boolean> {
    await this.#fresh();
    const address = signer.clientAddress === undefined ? undefined : parseIp(signer.clientAddress);
    const domains = domainAndParents(emailDomain(signer.email));
    return [this.#lists.get(0), this.#lists.get(signer.petitionId)].some(
      (lists) =>
        lists !== undefined &&
        (lists.emails.has(signer.emailIdentity) ||
          domains.some((candidate) => lists.domains.has(candidate)) ||
          (address !== undefined && lists.ranges.some((range) => inRange(address, range)))),
    );
  }

  async #fresh(): Promise<void> {
    const { rulesVersion } = this.#store;
    if (rulesVersion.value === this.#rulesValue && Date.now() - this.#loadedAt < RELOAD_MS) return;
    this.#loading ??= this.#load().finally(() => (this.#loading = undefined));
    await this.#loading;
  }

  async #load(): Promise<void> {
    const rulesValue = this.#store.rulesVersion.value;
    const loadedAt = Date.now();
    const lists = new Map<number, Lists>();
    for (const entry of await this.#store.allBlockEntries.all()) {
      const key = entry.petition_id ?? 0;
      let scoped = lists.get(key);
      if (!scoped) lists.set(key, (scoped = emptyLists()));
      if (entry.kind === 'domain') scoped.domains.add(entry.value);
      else if (entry.kind === 'email') scoped.emails.add(entry.value);
      else scoped.ranges.push(parseIpRange(entry.value)!);
    }
    this.#lists = lists;
    this.#loadedAt = loadedAt;
    this.#rulesValue = rulesValue;
  }
}
