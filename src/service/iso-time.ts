// Times in answers: UTC ISO 8601 to the second with `Z` (docs/api.md "Reading signatures").
export function toIsoSeconds(unixMs: number): string {
  return new Date(unixMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
