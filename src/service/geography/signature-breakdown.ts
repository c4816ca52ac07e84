// A petition's counted signatures by country and region (docs/api.md "Signatures by place"),
// read from the counts kept beside the signatures (store/campaign/insight-store.ts), never the signatures,
// with every small group withheld at both levels (small-groups.ts).
import type { CountryBreakdown, SignatureBreakdown } from '../../shared/types.js';
import { countryName } from '../signatures/country-names.js';
import type { PetitionRow, Store } from '../store/store.js';
import { MINIMUM_GROUP, withholdSmallGroups, type CountedGroup } from './small-groups.js';

export async function signatureBreakdown(store: Store, petition: PetitionRow): Promise<SignatureBreakdown> {
  const regionsOf = new Map<string, CountedGroup[]>();
  let total = 0;
  for (const row of await store.placeCounts.all(petition.id)) {
    // PostgreSQL's SUM is a bigint, which its driver may hand over as text.
    const count = Number(row.signatures);
    total += count;
    const regions = regionsOf.get(row.country_code) ?? [];
    regions.push({ name: row.state_province, count });
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
