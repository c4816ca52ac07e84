// deploy/prometheus/alerts.yml and deploy/grafana/petition-embed.json are read as Prometheus and
// Grafana would read them (promtool is not available here): well-formed, every metric they name
// one that a part exports (the service's from its real registry), every alert explained in the
// README's "Watching it run".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ServiceMetrics } from '../../src/service/metrics/service-metrics.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The proxy's families the rules use, as the proxy's registry names them (issue 29). */
const PROXY_FAMILIES = ['petition_proxy_outbox_entries', 'petition_proxy_outbox_oldest_age_seconds', 'petition_proxy_auth_key_state', 'petition_proxy_submissions_total'];
/** From Prometheus itself and node_exporter. */
const OTHER_FAMILIES = ['up', 'node_filesystem_avail_bytes', 'node_filesystem_size_bytes'];

async function knownSeries(): Promise<Set<string>> {
  const known = new Set([...PROXY_FAMILIES, ...OTHER_FAMILIES]);
  for (const metric of await new ServiceMetrics({ processMetrics: true }).registry.getMetricsAsJSON()) {
    known.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) known.add(`${metric.name}${suffix}`);
  }
  return known;
}

const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/** The metric names an expression selects: what is left once strings, matchers, ranges and functions are taken out. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/\b[A-Za-z_:][\w:]*\b(?!\s*\()/g)].map((match) => match[0]).filter((word) => !PROMQL_WORDS.has(word.toLowerCase()));
}

function balanced(expr: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook: string };
}

describe('deploy/ monitoring', () => {
  const rules = (parse(read('deploy/prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((group) => group.rules);
  const readme = read('README.md');
  const watching = readme.slice(readme.indexOf('## Watching it run'), readme.indexOf('\n## ', readme.indexOf('## Watching it run') + 1));

  it('has alert rules Prometheus can load, each on series a part exports', async () => {
    const known = await knownSeries();
    assert.ok(rules.length >= 10);
    assert.equal(new Set(rules.map((rule) => rule.alert)).size, rules.length, 'alert names are unique');
    for (const rule of rules) {
      assert.match(rule.alert, /^[A-Z][A-Za-z0-9]+$/);
      assert.match(rule.for, /^\d+[smh]$/, rule.alert);
      assert.ok(['warning', 'critical'].includes(rule.labels.severity), rule.alert);
      assert.ok(rule.annotations.summary && rule.annotations.description, rule.alert);
      assert.equal(rule.annotations.runbook, 'README.md#watching-it-run');
      assert.ok(balanced(rule.expr), `${rule.alert}: unbalanced ${rule.expr}`);
      const series = seriesOf(rule.expr);
      assert.ok(series.length > 0, rule.alert);
      for (const name of series) assert.ok(known.has(name), `${rule.alert} names ${name}, which nothing exports`);
    }
  });

  it('covers the signals that matter: outbox age, callback failures, queue lag, 5xx, disk, a key not granted', () => {
    const exprs = rules.map((rule) => rule.expr).join('\n');
    for (const signal of [
      'petition_proxy_outbox_oldest_age_seconds',
      'petition_service_deliveries_oldest_waiting_age_seconds{kind="callback"}',
      'petition_service_listing_lag_seconds_bucket',
      'http_response_status_code="5xx"',
      'node_filesystem_avail_bytes',
      'petition_service_database_writable',
      'petition_proxy_auth_key_state{state!="granted"}',
    ]) {
      assert.ok(exprs.includes(signal), signal);
    }
  });

  it('explains every alert in the README', () => {
    assert.ok(watching.length > 500, 'README.md has a "Watching it run" section');
    for (const rule of rules) assert.ok(watching.includes(`\`${rule.alert}\``), `README.md "Watching it run" does not explain ${rule.alert}`);
  });

  it('has a Grafana dashboard whose every query names exported series', async () => {
    const known = await knownSeries();
    const dashboard = JSON.parse(read('deploy/grafana/petition-embed.json')) as {
      uid: string;
      title: string;
      panels: { id: number; title: string; gridPos: { h: number; w: number; x: number; y: number }; targets: { expr: string; refId: string }[] }[];
    };
    assert.equal(dashboard.uid, 'petition-embed');
    assert.equal(new Set(dashboard.panels.map((panel) => panel.id)).size, dashboard.panels.length, 'panel ids are unique');
    const signals = new Set<string>();
    for (const panel of dashboard.panels) {
      assert.ok(panel.gridPos.x + panel.gridPos.w <= 24 && panel.gridPos.h > 0, panel.title);
      assert.ok(panel.targets.length > 0, panel.title);
      for (const target of panel.targets) {
        assert.ok(balanced(target.expr), `${panel.title}: ${target.expr}`);
        for (const name of seriesOf(target.expr)) {
          assert.ok(known.has(name), `${panel.title} names ${name}, which nothing exports`);
          signals.add(name);
        }
      }
    }
    for (const name of ['petition_proxy_outbox_oldest_age_seconds', 'petition_service_deliveries_total', 'petition_service_listing_lag_seconds_bucket', 'http_server_request_duration_seconds_count', 'petition_service_database_wal_size_bytes', 'petition_proxy_auth_key_state']) {
      assert.ok(signals.has(name), `the dashboard shows ${name}`);
    }
  });
});
