// The opt-in rates of a window (issue 20): the share of counted signatures that ticked each of
// the petition's opt-ins. The service knows an opt-in by its id only (its words live in the
// proxy's configuration), and divides by the counted signatures whose opt-ins a proxy passed on:
// those signed before it did, or through a client that does not say, are not known either way.
import type { GroupCountRow } from '../store/campaign/insight-store.js';

interface OptInRate {
  id: string;
  /** Counted signatures in the window that ticked it. */
  signatures: number;
  /** signatures / known, 0 to 1. */
  rate: number;
}

export interface OptInRates {
  /** Counted signatures in the window whose opt-ins are known: what each rate divides by. */
  known: number;
  /** Each opt-in ticked by at least one of them, the most ticked first. */
  rates: OptInRate[];
}

/** From the window's counts per opt-in id, '' being the known signatures (store/campaign/insight-store.ts optInCounts). */
export function optInRates(rows: GroupCountRow[]): OptInRates {
  const known = rows.find((row) => row.name === '')?.signatures ?? 0;
  const rates = rows
    .filter((row) => row.name !== '')
    .map((row) => ({ id: row.name, signatures: row.signatures, rate: known === 0 ? 0 : row.signatures / known }));
  return { known, rates };
}
