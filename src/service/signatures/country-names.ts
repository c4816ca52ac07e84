// English short names of countries for the listed `country_name` (Node ships full ICU).
const englishRegions = new Intl.DisplayNames('en', { type: 'region' });
const cache = new Map<string, string>();

export function countryName(code: string): string {
  let name = cache.get(code);
  if (name === undefined) {
    name = englishRegions.of(code) ?? code;
    cache.set(code, name);
  }
  return name;
}
