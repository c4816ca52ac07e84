// Styles of <petition-sign>: one column of fields that fits a 320 px wide screen.
import { css } from 'lit';
import { themeStyles } from '../theme.styles.js';

export const petitionSignStyles = [
  themeStyles,
  css`
    .count {
      font-weight: 700;
      font-size: 1.25em;
      margin: 0 0 var(--_space);
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
      width: 100%;
      max-width: 100%;
      padding: calc(var(--_space) * 0.4);
      border: 2px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--petition-input-background, Field);
      color: var(--petition-input-color, FieldText);
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
      width: 1.5em;
      height: 1.5em;
      margin: 0;
    }
    .checkbox label {
      font-weight: 400;
    }
    .error-summary,
    .alert {
      border: 4px solid var(--_error);
      border-radius: var(--_radius);
      padding: var(--_space);
    }
    /* Focus moves here by script after every failed submit, mouse or keyboard: always show it
       (the GOV.UK error summary does the same). */
    .error-summary:focus {
      outline: 3px solid var(--_focus);
      outline-offset: 2px;
    }
    .error-summary h2 {
      margin: 0 0 calc(var(--_space) * 0.5);
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
      margin: 0 0 calc(var(--_space) * 0.5);
    }
    button[type='submit'] {
      justify-self: start;
      background: var(--_accent);
      color: var(--_accent-text);
      font-weight: 700;
    }
    .notice {
      font-size: 0.9em;
      margin: var(--_space) 0;
    }
    .thanks {
      border: 4px solid var(--_accent);
      border-radius: var(--_radius);
      padding: var(--_space);
      margin-bottom: var(--_space);
    }
    /* The live region stays in the accessibility tree while empty, so its message is announced. */
    .thanks:empty {
      border: 0;
      padding: 0;
      margin: 0;
    }
    .thanks h2 {
      margin: 0 0 calc(var(--_space) * 0.5);
      font-size: 1.2em;
    }
  `,
];
