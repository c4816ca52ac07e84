// `petition-embed proxy webhook test --config FILE [--petition ID]`: sends one signed sample
// event (type `signature.test`, a made-up signer, every opt-in ticked) to each webhook of the
// petitions configured, so an operator can see the CRM side work before a real signer arrives.
import type { ProxyConfig } from '../config/config.js';
import { DEFAULT_WEBHOOK_TIMING, postEvent, type SignatureEvent } from './webhooks.js';

export interface WebhookTestResult {
  petitionId: number;
  url: string;
  outcome: string;
}

function sampleEvent(petitionId: number, source: string, config: ProxyConfig): SignatureEvent {
  const petition = config.petitions.find((p) => p.id === petitionId)!;
  return {
    id: `sig_test_${crypto.randomUUID()}`,
    type: 'signature.test',
    created_at: new Date().toISOString(),
    petition: { id: petitionId, source },
    signer: {
      first_name: 'Test',
      last_name: 'Signer',
      email: 'test.signer@example.org',
      address: '1 Example Street',
      city: 'Exampleton',
      state_province: '',
      postal_code: 'EX1 1EX',
      country_code: 'GB',
      hidden: false,
    },
    opt_ins: petition.optIns.map((optIn) => ({ id: optIn.id, label: optIn.label['en']!, language: 'en', version: optIn.version })),
    attribution: { utm_source: 'petition-embed', utm_medium: 'webhook-test' },
    language: 'en',
  };
}

/** The sample sent to every webhook of `petitionId` (or of every petition); nothing is stored. */
export async function sendWebhookSamples(config: ProxyConfig, petitionId?: number, fetcher?: typeof fetch): Promise<WebhookTestResult[]> {
  const results: WebhookTestResult[] = [];
  for (const petition of config.petitions) {
    if (petitionId !== undefined && petition.id !== petitionId) continue;
    const event = sampleEvent(petition.id, petition.source, config);
    const payload = JSON.stringify(event);
    for (const { url, secret } of petition.webhooks) {
      const outcome = await postEvent(url, secret, event.id, payload, { timeoutMs: DEFAULT_WEBHOOK_TIMING.requestTimeoutMs, ...(fetcher ? { fetch: fetcher } : {}) });
      results.push({ petitionId: petition.id, url, outcome });
    }
  }
  return results;
}
