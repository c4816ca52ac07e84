// Times in answers: UTC ISO 8601 to the second with `Z` (docs/api.md "Reading signatures").
export function toIsoSeconds(unixMs: number): string {
  // toISOString is always `YYYY-MM-DDTHH:MM:SS.sssZ` for the years a signature can have.
  return `${new Date(unixMs).toISOString().slice(0, 19)}Z`;
}
