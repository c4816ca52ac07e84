// The trendingAlert webhook of the service's document: what `--alert-webhook` receives
// (src/service/alerts/alert-payload.ts), signed as callbacks are. The example is the payload the
// service itself writes, signed with an example secret.
import { alertPayload, type TrendingAlertPayload } from '../../src/service/alerts/alert-payload.js';
import { callbackSignature } from '../../src/shared/signing.js';
import { objectSchema, petitionId, schemaRef, utcSeconds, type JsonSchema } from './object-schema.js';
import type { OpenApiObject } from './response-objects.js';

const count: JsonSchema = { type: 'integer', minimum: 0 };
const ALERT_KINDS = ['range', 'domain', 'utm_source', 'referrer_host', 'source'];

export const trendingAlertSchema = objectSchema<TrendingAlertPayload>(
  {
    event: { const: 'trending_alert' },
    alert_id: { type: 'integer', minimum: 1, description: 'The alert, as the console numbers it; one post per alert.' },
    petition_id: petitionId,
    kind: {
      enum: ALERT_KINDS,
      description: "What the group is: `range` an IPv4 /24 or IPv6 /48 in CIDR, `domain` an email domain, `utm_source`, `referrer_host`, or `source` (a key request's source website).",
    },
    group: { type: 'string', minLength: 1, examples: ['203.0.113.0/24'] },
    count: { ...count, description: "The group's signatures in the window." },
    window_total: { ...count, description: "The petition's signatures in the window." },
    share_percent: { type: 'number', minimum: 0, maximum: 100, description: 'count of window_total, in per cent to one decimal.' },
    baseline: objectSchema<TrendingAlertPayload['baseline']>(
      { count, total: count },
      {},
      { description: "The group's count among the petition's last signatures before the window (count 0: the group is new)." },
    ),
    window: objectSchema<TrendingAlertPayload['window']>({ from: utcSeconds, to: utcSeconds }, {}),
    raised_at: utcSeconds,
    console_url: { type: 'string', format: 'uri', description: "The petition's page in the operator's console." },
  },
  {},
  { description: "A trending alert: a group of a petition's recent signatures with an unusual share of them. It carries no signer's data." },
);

const EXAMPLE_SECRET = 'an-alert-secret-of-at-least-32-characters';

export async function trendingAlertWebhook(): Promise<OpenApiObject> {
  const raisedAt = Date.parse('2026-05-01T12:00:00Z');
  const body = alertPayload(
    7,
    { petition_id: 3, kind: 'range', group_key: '203.0.113.0/24', count: 25, window_total: 40, baseline_count: 2, baseline_total: 1000, window_from: raisedAt - 3_600_000, window_to: raisedAt },
    raisedAt,
    'https://petitions.example.org/admin',
  );
  const timestamp = String(raisedAt / 1000);
  return {
    post: {
      operationId: 'trendingAlert',
      summary: "A trending alert, posted to the service's --alert-webhook",
      description:
        'Not part of API v1: the service posts each raised alert once to its operator (docs/api.md "Trending alerts"), to a public address unless it runs with --allow-private-callbacks. Receivers verify X-Petition-Signature in constant time and refuse timestamps more than 5 minutes from their clock.',
      parameters: [
        { name: 'X-Petition-Timestamp', in: 'header', required: true, description: 'Unix seconds when this attempt was signed.', schema: { type: 'string', pattern: '^\\d+$' }, example: timestamp },
        {
          name: 'X-Petition-Signature',
          in: 'header',
          required: true,
          description: `sha256= and the lowercase hex HMAC-SHA256, keyed with PETITION_ALERT_SECRET, of TIMESTAMP + "." + the raw body. Example: secret ${EXAMPLE_SECRET}, the example body.`,
          schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
          example: await callbackSignature(EXAMPLE_SECRET, timestamp, body),
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: schemaRef('TrendingAlert'), example: JSON.parse(body) as unknown } } },
      responses: {
        '2XX': { description: 'Acknowledged: this delivery is done.' },
        default: { description: 'Anything else, or no answer: retried on the callbacks\' schedule (first after about 5 s, doubling, at most an hour apart, for 24 hours), kept in the database across restarts.' },
      },
    },
  };
}
