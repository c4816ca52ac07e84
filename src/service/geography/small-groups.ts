// The rule that keeps a published count from singling out a signer (docs/api.md "Signatures by
// place"): a group of fewer than MINIMUM_GROUP signatures is never shown, and neither is any
// difference a reader could take, so the total minus the shown groups is 0 or MINIMUM_GROUP at least.

export const MINIMUM_GROUP = 5;

export interface CountedGroup {
  /** '' for signatures that name no group (a country without a region). */
  name: string;
  count: number;
}

/**
 * The groups that may be shown, largest first, and what is left of `total` for "other". When the
 * small groups alone would leave an "other" of 1 to 4 (which, subtracted from the total, would
 * tell how many signed in the unnamed places), the smallest shown groups join them until it is
 * 5 or more.
 */
export function withholdSmallGroups(groups: readonly CountedGroup[], total: number): { shown: CountedGroup[]; other: number } {
  const shown = groups
    .filter((group) => group.name !== '' && group.count >= MINIMUM_GROUP)
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  let other = total - shown.reduce((sum, group) => sum + group.count, 0);
  while (other > 0 && other < MINIMUM_GROUP && shown.length > 0) other += shown.pop()!.count;
  return { shown, other };
}
