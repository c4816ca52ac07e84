// Example answers for both documents, typed with src/shared/types.ts so that they keep the shape
// of the real ones (a test also validates every example against its schema).
import type { AuthKeyCallbackPayload, PetitionResource, PetitionSummary, Signature, SignaturePage } from '../../src/shared/types.js';
import type { Example } from './response-objects.js';

export const exampleSignatures: Signature[] = [
  { name: 'Grace Hopper', city: 'Arlington', state_province: 'VA', country_name: 'United States', country_code: 'US', signed_on: '2026-11-22T10:04:31Z' },
  { name: 'Ada Lovelace', city: 'London', state_province: '', country_name: 'United Kingdom', country_code: 'GB', signed_on: '2026-11-22T10:00:05Z' },
];

/** The second of three pages, newest first; `pagePath` as in signaturePageSchema. */
export function examplePage(pagePath: string): SignaturePage {
  const endpoint = (page: number) => `${pagePath}/42/signatures?page=${page}&page_size=2&sort=time_desc`;
  return {
    signature_count: 6,
    prev_page_endpoint: endpoint(1),
    next_page_endpoint: endpoint(3),
    page: 2,
    total_pages: 3,
    signatures: exampleSignatures,
  };
}

export const examplePetition: PetitionResource = {
  petition_id: 42,
  title: 'Save the park',
  status: 'open',
  overview: 'Keep Riverside Park green: no car park on the meadow.',
  targets: [{ name: 'The Mayor' }, { name: 'City Council' }],
  signature_count: 1204,
  goal: 5000,
  created_at: '2026-10-01T09:00:00Z',
  end_at: '2026-12-31T23:59:59Z',
  url: 'https://www.example.org/save-the-park',
  image_url: null,
  confirm_signers: false,
};

const keyRequestEcho = {
  petition_id: 42,
  source_description: 'campaign website',
  source: 'https://www.example.org/save-the-park',
  requester_email: 'team@example.org',
};
const exampleKey = '5f2e9a0c41d7b38e6a1c09f4d2b7e8a3c6f1d0e9b8a7c6d5e4f3a2b1c0d9e8f7';

export const exampleOutcomes: Record<AuthKeyCallbackPayload['status'], AuthKeyCallbackPayload> = {
  granted: { status: 'granted', ...keyRequestEcho, auth_key: exampleKey },
  denied: { status: 'denied', ...keyRequestEcho },
  revoked: { status: 'revoked', ...keyRequestEcho, auth_key: exampleKey },
};

export function outcomeExamples(): Record<string, Example> {
  return Object.fromEntries(
    Object.entries(exampleOutcomes).map(([status, value]) => [status, { summary: `The request was ${status}`, value }]),
  );
}

export const exampleSummary: PetitionSummary = {
  petition_id: 42,
  title: 'Save the Riverside Park',
  status: 'open',
  overview: 'The city plans to sell the park to developers.',
  targets: [{ name: 'The City Council' }],
  signature_count: 1204,
  goal: 5000,
  end_at: null,
  url: 'https://www.example.org/save-the-park',
  image_url: null,
  confirm_signers: false,
  accepting_signatures: true,
  key_status: 'granted',
  stale: false,
  opt_ins: [
    {
      id: 'campaign-news',
      label: { en: 'Email me about this campaign', es: 'Quiero recibir correos sobre esta campaña' },
      version: '2026-11',
    },
  ],
  operator: { name: 'Example Petitions', termsUrl: 'https://petitions.example.org/terms', privacyUrl: 'https://petitions.example.org/privacy' },
};
