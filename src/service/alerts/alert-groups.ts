// A trending group as people read it, and as the operator's bulk invalidation filter takes it:
// an address range as its network in CIDR (an IPv4 /24, an IPv6 /48), anything else as stored.
import { parseIp } from '../../shared/ip-address.js';
import type { AlertKind } from '../store/campaign/alert-store.js';

/** IPv4 by its /24: a typical smallest block one provider routes, and a hosting subnet. */
const IPV4_PREFIX = 24;
/**
 * IPv6 by its /48, not the /64 the per-address limits use: a /64 is one household's network,
 * but one site is commonly given a /48 (65,536 /64s), so a burst spread over its /64s would
 * stay under a /64 threshold.
 */
const IPV6_PREFIX = 48;

/** The store's range key (the hex prefix of the address keys, store/signatures/address-key.ts) as CIDR text. */
function networkText(hexPrefix: string): string {
  if (hexPrefix.length === 30) {
    const bytes = hexPrefix.slice(24).match(/../g)!.map((pair) => parseInt(pair, 16));
    return `${bytes.join('.')}.0/${IPV4_PREFIX}`;
  }
  const groups = hexPrefix.match(/..../g)!.map((group) => parseInt(group, 16).toString(16));
  const address = parseIp([...groups, '0', '0', '0', '0', '0'].join(':'))!;
  return `${address.text}/${IPV6_PREFIX}`;
}

/** The group's key as it is stored with the alert, shown, and sent to the webhook. */
export function groupText(kind: AlertKind, groupKey: string): string {
  return kind === 'range' ? networkText(groupKey) : groupKey;
}

export const KIND_LABELS: Record<AlertKind, string> = {
  range: 'Address range',
  domain: 'Email domain',
  utm_source: 'utm_source',
  referrer_host: 'Referrer',
  source: 'Source website',
};
