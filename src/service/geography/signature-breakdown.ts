// A petition's counted signatures by country and region (docs/api.md "Signatures by place"),
// read from the counts kept beside the signatures (store/campaign/insight-store.ts), with every
// small group withheld at both levels (small-groups.ts). Hidden signers are in no group: their
// places, less the counts of the few hidden signatures (read through the index of unlisted ones),
// would otherwise let a reader who pads a small group with signatures of their own see a hidden
// signer join it (issue 31). They are counted in the total and its "other" only.
import type { CountryBreakdown, SignatureBreakdown } from '../../shared/types.js';
import { countryName } from '../signatures/country-names.js';
import type { PetitionRow, Store } from '../store/store.js';
import { MINIMUM_GROUP, withholdSmallGroups, type CountedGroup } from './small-groups.js';

function placeKey(row: { country_code: string; state_province: string }): string {
  return `${row.country_code}\n${row.state_province}`;
}

export async function signatureBreakdown(store: Store, petition: PetitionRow): Promise<SignatureBreakdown> {
  const hidden = new Map<string, number>();
  for (const row of await store.hiddenPlaceCounts.all(petition.id)) hidden.set(placeKey(row), Number(row.signatures));
  const regionsOf = new Map<string, CountedGroup[]>();
  let total = 0;
  for (const row of await store.placeCounts.all(petition.id)) {
    // PostgreSQL's SUM is a bigint, which its driver may hand over as text.
    const all = Number(row.signatures);
    total += all;
    // A place whose signers are all hidden counts 0 here: below any group's minimum, it is
    // withheld like every small group (small-groups.ts), with no rule of its own.
    const listed = all - (hidden.get(placeKey(row)) ?? 0);
    const regions = regionsOf.get(row.country_code) ?? [];
    regions.push({ name: row.state_province, count: listed });
    regionsOf.set(row.country_code, regions);
  }
  const countryGroups = [...regionsOf].map(([name, regions]) => ({ name, count: regions.reduce((sum, region) => sum + region.count, 0) }));
  const countries = withholdSmallGroups(countryGroups, total);
  return {
    signature_count: total,
    minimum_group: MINIMUM_GROUP,
    countries: countries.shown.map(({ name, count }): CountryBreakdown => {
      const regions = withholdSmallGroups(regionsOf.get(name)!, count);
      return {
        country_code: name,
        country_name: countryName(name),
        signature_count: count,
        regions: regions.shown.map((region) => ({ state_province: region.name, signature_count: region.count })),
        other_count: regions.other,
      };
    }),
    other_count: countries.other,
  };
}
