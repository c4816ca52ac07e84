// The host (and port) a callback endpoint reaches: deliveries are shared fairly between hosts
// (callback-delivery.ts), so each key request keeps its endpoint's host as the URL parser reads it.
export function callbackHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}
