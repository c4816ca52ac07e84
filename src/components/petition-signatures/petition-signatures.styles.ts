// Styles of <petition-signatures>: a plain list that wraps on narrow screens.
import { css } from 'lit';
import { themeStyles } from '../theme.styles.js';

export const petitionSignaturesStyles = [
  themeStyles,
  css`
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      display: flex;
      flex-wrap: wrap;
      gap: 0 calc(var(--_space) * 0.5);
      padding-block: calc(var(--_space) * 0.5);
      border-block-end: 1px solid color-mix(in srgb, currentColor 25%, transparent);
    }
    .name {
      font-weight: 600;
    }
    time {
      margin-inline-start: auto;
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
