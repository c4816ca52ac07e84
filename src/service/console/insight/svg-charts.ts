// Charts drawn on the server as inline SVG, for a console that runs no script: columns over
// time, a running total toward a goal, and bars per group. Colours are presentation attributes,
// not style attributes, which the console's CSP (http/page-style.ts) refuses. Each chart is an
// image with a title and a description (role="img"); its numbers are in the data table the page
// puts under it, so each bar carries its value only for tests and the curious (data-value).
import { html, raw } from 'hono/html';
import type { Html } from '../shell/layout.js';
import { count } from '../shell/layout.js';

const WIDTH = 720;
const INK = '#0b0c0c';
const BAR = '#1d4ed8';
const GOAL = '#b10e1e';
const LABEL_SIZE = 12;

export interface ChartText {
  /** The id prefix of the chart's title and description. */
  id: string;
  title: string;
  description: string;
}

export interface Point {
  label: string;
  value: number;
}

function frame(text: ChartText, height: number, body: Html | Html[]): Html {
  return html`<svg role="img" viewBox="0 0 ${WIDTH} ${height}" aria-labelledby="${text.id}-title ${text.id}-desc" focusable="false" font-family="system-ui, sans-serif" font-size="${LABEL_SIZE}">
<title id="${text.id}-title">${text.title}</title>
<desc id="${text.id}-desc">${text.description}</desc>
${body}
</svg>`;
}

/** Where a value sits on a vertical axis of `height` from 0 to `max`. */
const scale = (value: number, max: number, height: number) => (max === 0 ? 0 : (value / max) * height);

/** Numbers with few digits, so a value keeps its place in the attribute. */
const at = (value: number) => Math.round(value * 100) / 100;

function valueAxis(max: number, left: number, top: number, plotHeight: number, right: number): Html {
  return html`<line x1="${left}" y1="${top + plotHeight}" x2="${right}" y2="${top + plotHeight}" stroke="${INK}"/>
<text x="${left - 6}" y="${top + plotHeight}" text-anchor="end" fill="${INK}">0</text>
<text x="${left - 6}" y="${top + LABEL_SIZE / 2}" text-anchor="end" fill="${INK}">${count(max)}</text>`;
}

/** One column per point (time buckets), labelled at the first, middle and last. */
export function columnChart(text: ChartText, points: Point[]): Html {
  const [left, top, plotHeight, right] = [70, 10, 180, WIDTH - 10];
  const max = Math.max(0, ...points.map((point) => point.value));
  const step = (right - left) / Math.max(1, points.length);
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  const columns = points.map((point, index) => {
    const height = scale(point.value, max, plotHeight);
    return html`<rect x="${at(left + index * step + step * 0.1)}" y="${at(top + plotHeight - height)}" width="${at(step * 0.8)}" height="${at(height)}" fill="${BAR}" data-label="${point.label}" data-value="${point.value}"/>`;
  });
  // The first and last labels keep to the plot's edges, so neither is cut off by the frame.
  const labelAnchor = (index: number) => (index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle');
  const labelX = (index: number) => (index === 0 ? left : index === points.length - 1 ? right : left + index * step + step / 2);
  const labels = points.flatMap((point, index) =>
    labelled.has(index)
      ? [html`<text x="${at(labelX(index))}" y="${top + plotHeight + 16}" text-anchor="${labelAnchor(index)}" fill="${INK}">${point.label}</text>`]
      : [],
  );
  return frame(text, top + plotHeight + 26, [valueAxis(max, left, top, plotHeight, right), ...columns, ...labels]);
}

/** A running total as a line over time from `start` (the total before the first point), with the goal (if any) as a dashed line. */
export function runningTotalChart(text: ChartText, points: Point[], start: number, goal: number | null): Html {
  const [left, top, plotHeight, right] = [70, 10, 180, WIDTH - 10];
  const max = Math.max(start, goal ?? 0, ...points.map((point) => point.value));
  const step = (right - left) / Math.max(1, points.length);
  const y = (value: number) => at(top + plotHeight - scale(value, max, plotHeight));
  const line = points.map((point, index) => `${at(left + (index + 1) * step)},${y(point.value)}`).join(' ');
  const last = points[points.length - 1];
  return frame(text, top + plotHeight + 26, [
    valueAxis(max, left, top, plotHeight, right),
    html`<polyline points="${`${left},${y(start)} ${line}`}" fill="none" stroke="${BAR}" stroke-width="3" data-value="${last?.value ?? 0}"/>`,
    goal === null
      ? html``
      : html`<line x1="${left}" y1="${y(goal)}" x2="${right}" y2="${y(goal)}" stroke="${GOAL}" stroke-width="2" stroke-dasharray="6 4" data-goal="${goal}"/>
<text x="${right}" y="${y(goal) + LABEL_SIZE + 2}" text-anchor="end" fill="${INK}">Goal ${count(goal)}</text>`,
    points[0] ? html`<text x="${left}" y="${top + plotHeight + 16}" fill="${INK}">${points[0].label}</text>` : html``,
    last ? html`<text x="${right}" y="${top + plotHeight + 16}" text-anchor="end" fill="${INK}">${last.label}</text>` : html``,
  ]);
}

/**
 * One horizontal bar per group, its name on the left and its number on the right: a count, or
 * as `axis` writes it against its own full length (a share against 100 %).
 */
export function barChart(text: ChartText, points: Point[], axis?: { full: number; valueText: (value: number) => string }): Html {
  const [labelWidth, valueWidth, row] = [200, 80, 24];
  const max = axis?.full ?? Math.max(0, ...points.map((point) => point.value));
  const valueText = axis?.valueText ?? count;
  const plotWidth = WIDTH - labelWidth - valueWidth;
  const bars = points.map((point, index) => {
    const width = max === 0 ? 0 : (point.value / max) * plotWidth;
    const name = point.label.length > 30 ? `${point.label.slice(0, 29)}…` : point.label;
    const middle = index * row + row / 2 + LABEL_SIZE / 3;
    return html`<text x="${labelWidth - 8}" y="${at(middle)}" text-anchor="end" fill="${INK}">${name}</text>
<rect x="${labelWidth}" y="${index * row + 4}" width="${at(width)}" height="${row - 8}" fill="${BAR}" data-label="${point.label}" data-value="${point.value}"/>
<text x="${at(labelWidth + width + 6)}" y="${at(middle)}" fill="${INK}">${valueText(point.value)}</text>`;
  });
  return frame(text, Math.max(1, points.length) * row, bars.length > 0 ? bars : raw(''));
}
