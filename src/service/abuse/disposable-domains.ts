// Disposable mail domains are refused at submission: a signature must come from an address its
// signer keeps. The list is the community's (disposable-email-domains-js, CC0), refreshed by
// upgrading the package (src/service/README.md).
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

/** Read once: the package rebuilds its set at every call of its own check. */
const DISPOSABLE = disposableEmailBlocklistSet();

/** The domain and each domain above it: a.b.example.com, b.example.com, example.com, com. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/** Whether mail to this domain (lower case) goes to a disposable service, as a subdomain of one does. */
export function isDisposableDomain(domain: string): boolean {
  return domainAndParents(domain).some((candidate) => DISPOSABLE.has(candidate));
}
