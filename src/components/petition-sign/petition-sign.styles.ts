// Styles of <petition-sign>: one column of fields that fits a 320 px wide screen. Logical
// properties only, so the layout mirrors right to left; the goal bar's SVG has no writing
// direction of its own, so it is flipped to fill from the start side (a comment inside the css``
// text would travel in the bundle).
//
// The element holds its final size from its first frame, whatever arrives after (layout shift 0,
// test/bundle/layout-shift.test.ts): the wrapper reserves the form's height, in lines (`lh`, the
// page's own line height), spacing units and border pixels, and every control's height is set
// in the same terms, so the reservation is a bound on the content, not an estimate. The rows:
// count (1.25 lines), goal bar and caption, nine one-line fields and the three-line reason
// (label, gap, control), the checkbox, the button, and the notice at four lines (three on a
// 390 px phone in English; the fourth covers the longer languages' labels and notice down to 360
// px). --_inputs and --_reason drop with hide-phone and hide-reason. The embed's
// loader reserves the same before the element is defined (src/shared/reserved-space.ts).
import { css } from 'lit';
import { themeStyles } from '../theme.styles.js';

export const petitionSignStyles = [
  themeStyles,
  css`
    .base {
      --_inputs: 9;
      --_reason: 1;
      display: flow-root;
      min-block-size: calc(
        1.25lh + var(--_space) + 0.75rem + 2px + 0.25 * var(--_space) + 1lh + var(--_space) +
          var(--_inputs) * (2lh + 2.05 * var(--_space) + 4px) + var(--_reason) * (4lh + 2.05 * var(--_space) + 4px) +
          max(1.5em, 1lh) + var(--_space) + 1lh + var(--_space) + 4px + var(--_space) + 4lh
      );
    }
    .base.no-phone {
      --_inputs: 8;
    }
    .base.no-reason {
      --_reason: 0;
    }
    .count {
      font-weight: 700;
      font-size: 1.25em;
      margin-block: 0 var(--_space);
    }
    form {
      display: grid;
      gap: var(--_space);
    }
    .field {
      display: grid;
      gap: calc(var(--_space) * 0.25);
    }
    .field-error {
      border-inline-start: 4px solid var(--_error);
      padding-inline-start: calc(var(--_space) * 0.75);
    }
    label {
      font-weight: 600;
    }
    .optional {
      font-weight: 400;
    }
    .error-message {
      margin: 0;
      color: var(--_error);
      font-weight: 600;
    }
    input,
    select,
    textarea {
      font: inherit;
      inline-size: 100%;
      max-inline-size: 100%;
      padding: calc(var(--_space) * 0.4);
      border: 2px solid var(--_border);
      border-radius: var(--_control-radius);
      background: var(--petition-input-background, Field);
      color: var(--petition-input-color, FieldText);
    }
    input,
    select {
      block-size: calc(1lh + 0.8 * var(--_space) + 4px);
    }
    textarea {
      block-size: calc(3lh + 0.8 * var(--_space) + 4px);
    }
    [aria-invalid='true'] {
      border-color: var(--_error);
    }
    .checkbox {
      display: flex;
      gap: calc(var(--_space) * 0.5);
      align-items: center;
    }
    .checkbox input {
      inline-size: 1.5em;
      block-size: 1.5em;
      margin: 0;
    }
    .checkbox label {
      font-weight: 400;
    }
    .error-summary,
    .alert {
      border: 4px solid var(--_error);
      border-radius: var(--_box-radius);
      padding: var(--_space);
    }
    /* Focus moves here by script after every failed submit, mouse or keyboard: always show it
       (the GOV.UK error summary does the same). */
    .error-summary:focus {
      outline: 3px solid var(--_focus);
      outline-offset: 2px;
    }
    .error-summary h2 {
      margin-block: 0 calc(var(--_space) * 0.5);
      font-size: 1.2em;
    }
    .error-summary ul {
      margin: 0;
      padding-inline-start: 1.2em;
    }
    .error-summary a {
      color: var(--_error);
      font-weight: 600;
    }
    .alert p {
      margin-block: 0 calc(var(--_space) * 0.5);
    }
    button[type='submit'] {
      justify-self: start;
      background: var(--_accent);
      color: var(--_accent-text);
      font-weight: 700;
    }
    .notice {
      font-size: 0.9em;
      margin-block: var(--_space);
    }
    .notice:last-child {
      margin-block-end: 0;
    }
    .title {
      margin-block: 0 calc(var(--_space) * 0.5);
      font-size: 1.4em;
    }
    .overview {
      margin-block: 0 var(--_space);
      white-space: pre-line;
    }
    .goal {
      margin-block: 0 var(--_space);
    }
    .progress {
      block-size: 0.75rem;
      border: 1px solid var(--_border);
      border-radius: var(--_box-radius);
      overflow: hidden;
    }
    .progress-track {
      display: block;
      inline-size: 100%;
      block-size: 100%;
    }
    .progress-value {
      fill: var(--_accent);
    }
    [dir='rtl'] .progress-track {
      transform: scaleX(-1);
    }
    .goal-text {
      margin-block: calc(var(--_space) * 0.25) 0;
      font-size: 0.9em;
    }
    .thanks {
      border: 4px solid var(--_accent);
      border-radius: var(--_box-radius);
      padding: var(--_space);
      margin-block-end: var(--_space);
    }
    .thanks h2 {
      margin-block: 0 calc(var(--_space) * 0.5);
      font-size: 1.2em;
    }
    .thanks p {
      margin: 0;
    }
    .share ul {
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--_space) * 0.5);
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .share a {
      display: inline-block;
      padding-block: calc(var(--_space) * 0.5);
      padding-inline: var(--_space);
      border: 2px solid var(--_accent);
      border-radius: var(--_button-radius);
      text-decoration: none;
    }
    .copy-status {
      margin-block: calc(var(--_space) * 0.5) 0;
    }
    .copy-status:empty {
      margin: 0;
    }
    .closed p {
      margin-block: 0 calc(var(--_space) * 0.5);
    }
  `,
];
