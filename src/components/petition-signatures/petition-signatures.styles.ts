// Styles of <petition-signatures>: a list of rows of one fixed height (the name and how long ago,
// then the place; what does not fit ends in an ellipsis), so the element holds its final size
// from its first frame, whatever arrives after (layout shift 0, test/bundle/layout-shift.test.ts):
// the recent list reserves its ten rows; a page of the list its total, --_rows rows (the page
// size, set by the element) and the pagination. Sizes are in lines (`lh`, the page's own line
// height), spacing units and border pixels. The embed's loader reserves the same before the
// element is defined (src/shared/reserved-space.ts).
import { css } from 'lit';
import { themeStyles } from '../theme.styles.js';

export const petitionSignaturesStyles = [
  themeStyles,
  css`
    .base {
      display: flow-root;
      min-block-size: calc(10 * (2lh + var(--_space) + 1px));
    }
    .base.list {
      min-block-size: calc(1lh + 0.5 * var(--_space) + var(--_rows, 10) * (2lh + var(--_space) + 1px) + 2 * var(--_space) + 1lh + 4px);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: 'name time' 'place place';
      gap: 0 calc(var(--_space) * 0.5);
      block-size: calc(2lh + var(--_space) + 1px);
      padding-block: calc(var(--_space) * 0.5);
      border-block-end: 1px solid color-mix(in srgb, currentColor 25%, transparent);
    }
    li > * {
      overflow: hidden;
      white-space: nowrap;
      text-overflow: ellipsis;
    }
    .name {
      grid-area: name;
      font-weight: 600;
    }
    .place {
      grid-area: place;
    }
    time {
      grid-area: time;
      opacity: 0.8;
    }
    .total {
      font-weight: 700;
      margin-block: 0 calc(var(--_space) * 0.5);
    }
    nav {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--_space) * 0.5);
      margin-block-start: var(--_space);
    }
    .page {
      flex: 1;
      text-align: center;
    }
  `,
];
