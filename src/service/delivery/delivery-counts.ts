// What the delivery says the petition counts: the one place its numbers come from, so a new
// kind of signature (paper ones, say) is added here and shows on the first page.
import type { Store } from '../store/store.js';

export interface DeliveryCounts {
  /** Counted signatures: confirmed ones where the petition confirms its signers. */
  counted: number;
  /** The newest counted signature's id: the list of signers stops there, so it matches `counted`. */
  lastSignatureId: number;
  /** Of `counted`, the signatures gathered on paper (src/service/paper/); the rest were made online. */
  onPaper: number;
}

export async function deliveryCounts(store: Store, petitionId: number): Promise<DeliveryCounts> {
  const row = (await store.deliveryCounts.get(petitionId))!;
  return { counted: Number(row.counted), lastSignatureId: Number(row.last_id), onPaper: Number(row.on_paper) };
}
