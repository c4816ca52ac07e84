// Styles of <petition-breakdown>: a table whose count cells end in a bar, and the map with its
// legend. The map's five steps mix the accent colour into the background, so they follow
// --petition-accent-color and a dark page alike.
import { css } from 'lit';
import { themeStyles } from '../theme.styles.js';

export const petitionBreakdownStyles = [
  themeStyles,
  css`
    table {
      inline-size: 100%;
      border-collapse: collapse;
    }
    caption {
      font-weight: 700;
      text-align: start;
      margin-block-end: calc(var(--_space) * 0.5);
    }
    th,
    td {
      text-align: start;
      padding-block: calc(var(--_space) * 0.25);
      border-block-end: 1px solid color-mix(in srgb, currentColor 25%, transparent);
      font-weight: 400;
    }
    thead th {
      font-weight: 600;
    }
    td {
      inline-size: 60%;
    }
    /* A region's row keeps one line while its code gives way to its name (region-names.ts). */
    .regions {
      table-layout: fixed;
    }
    .regions thead th:last-child {
      inline-size: 60%;
    }
    .regions tbody th {
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .number {
      display: inline-block;
      min-inline-size: 4ch;
      margin-inline-end: calc(var(--_space) * 0.5);
      font-variant-numeric: tabular-nums;
    }
    .bar {
      display: inline-block;
      vertical-align: middle;
      block-size: 0.75em;
      inline-size: calc(var(--_share) * (100% - 5ch - var(--_space)));
      min-inline-size: 2px;
      background: var(--petition-bar-color, var(--_accent));
      border-radius: calc(var(--_radius) / 2);
    }
    .map {
      margin: 0 0 var(--_space);
    }
    svg {
      display: block;
      inline-size: 100%;
      block-size: auto;
    }
    path {
      fill: var(--petition-map-empty-color, color-mix(in srgb, currentColor 10%, transparent));
      stroke: color-mix(in srgb, currentColor 35%, transparent);
      stroke-width: 0.5;
    }
    .step-0 {
      fill: color-mix(in srgb, var(--_accent) 20%, transparent);
    }
    .step-1 {
      fill: color-mix(in srgb, var(--_accent) 40%, transparent);
    }
    .step-2 {
      fill: color-mix(in srgb, var(--_accent) 60%, transparent);
    }
    .step-3 {
      fill: color-mix(in srgb, var(--_accent) 80%, transparent);
    }
    .step-4 {
      fill: var(--_accent);
    }
    figcaption {
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--_space) * 0.25) var(--_space);
      margin-block-start: calc(var(--_space) * 0.5);
    }
    .key {
      display: inline-flex;
      align-items: center;
      gap: calc(var(--_space) * 0.25);
    }
    .swatch {
      display: inline-block;
      inline-size: 1em;
      block-size: 1em;
      border: 1px solid color-mix(in srgb, currentColor 50%, transparent);
      background: color-mix(in srgb, var(--_accent) 20%, transparent);
    }
    .swatch.step-1 {
      background: color-mix(in srgb, var(--_accent) 40%, transparent);
    }
    .swatch.step-2 {
      background: color-mix(in srgb, var(--_accent) 60%, transparent);
    }
    .swatch.step-3 {
      background: color-mix(in srgb, var(--_accent) 80%, transparent);
    }
    .swatch.step-4 {
      background: var(--_accent);
    }
  `,
];
