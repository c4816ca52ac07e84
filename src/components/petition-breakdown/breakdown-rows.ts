// What <petition-breakdown> shows, from the service's answer: the top countries (or one
// country's regions) with the rest in "other places", and the steps of the map's colour scale.
// Pure data, shared by the bars, the table and the map.
import type { SignatureBreakdown } from '../../shared/types.js';

export interface PlaceRow {
  /** A country code, or a region as the service stores it. */
  key: string;
  label: string;
  count: number;
}

export interface PlaceRows {
  rows: PlaceRow[];
  /** Signatures in no row: withheld by the service, or past `limit`. */
  other: number;
  total: number;
  /** The country whose regions these are, when a `country` was asked for. */
  country?: string;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 250;

export function clampLimit(limit: number): number {
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;
}

function cut(all: PlaceRow[], limit: number, other: number, total: number): PlaceRows {
  const rows = all.slice(0, limit);
  return { rows, other: other + all.slice(limit).reduce((sum, row) => sum + row.count, 0), total };
}

/**
 * `countryName` names a code in the element's language, `regionName` a region as the service
 * stores it. `country` ('' for none) picks one country's regions.
 */
export function placeRows(
  breakdown: SignatureBreakdown,
  country: string,
  limit: number,
  countryName: (code: string) => string,
  regionName: (stored: string) => string = (stored) => stored,
): PlaceRows {
  if (!country) {
    const countries = breakdown.countries.map((c) => ({ key: c.country_code, label: countryName(c.country_code), count: c.signature_count }));
    return cut(countries, limit, breakdown.other_count, breakdown.signature_count);
  }
  const chosen = breakdown.countries.find((c) => c.country_code === country);
  // A country not shown has too few signatures to show, or none.
  if (!chosen) return { rows: [], other: 0, total: 0, country };
  const regions = chosen.regions.map((r) => ({ key: r.state_province, label: regionName(r.state_province), count: r.signature_count }));
  return { ...cut(regions, limit, chosen.other_count, chosen.signature_count), country };
}

/**
 * The lower bound of each colour step, from the smallest count shown to the largest, spaced
 * evenly on a logarithmic scale (a petition's countries run from 5 to thousands).
 */
export function colourSteps(minimum: number, maximum: number, steps = 5): number[] {
  const bounds: number[] = [];
  for (let step = 0; step < steps; step++) {
    const bound = Math.round(minimum * (maximum / minimum) ** (step / steps));
    if (bounds.length === 0 || bound > bounds[bounds.length - 1]!) bounds.push(bound);
  }
  return bounds;
}

/** The step (0-based) a count falls in. */
export function stepOf(bounds: readonly number[], count: number): number {
  let step = 0;
  while (step + 1 < bounds.length && count >= bounds[step + 1]!) step++;
  return step;
}
