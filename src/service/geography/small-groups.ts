// The rule that keeps a published group from being a handful of people (docs/api.md "Signatures
// by place"; decided: a public breakdown withholds any group below 5): a country or region of
// fewer than MINIMUM_GROUP signatures is never named, and is counted in the "other" beside it.
// The breakdown counts listed signers only, whose places the public list shows anyway; hidden
// signers are in no group at all (signature-breakdown.ts). So what is left over ("other") tells
// nothing the list does not, and is published as it is: no large group is ever folded into it to
// round it up (issue 31: 4 stray signatures once blanked a country of 720).

export const MINIMUM_GROUP = 5;

export interface CountedGroup {
  /** '' for signatures that name no group (a country without a region). */
  name: string;
  count: number;
}

// Group names are distinct (each is a map's key), so a tie of counts never ties on the name too,
// and "<" and "<=" order alike: that mutant is equivalent.
// Stryker disable next-line EqualityOperator
const largestFirst = (a: CountedGroup, b: CountedGroup) => b.count - a.count || (a.name < b.name ? -1 : 1);

/** The groups that may be shown, largest first (ties by name), and what is left of `total` for "other". */
export function withholdSmallGroups(groups: readonly CountedGroup[], total: number): { shown: CountedGroup[]; other: number } {
  const shown = groups.filter((group) => group.name !== '' && group.count >= MINIMUM_GROUP).sort(largestFirst);
  return { shown, other: total - shown.reduce((sum, group) => sum + group.count, 0) };
}
