// Styles both elements share: the theming custom properties' defaults, the page's font, focus
// that is always visible, buttons, and text only screen readers read. The colour scheme is the
// page's (color-scheme is inherited): a light page stays light even when the system prefers dark.
import { css } from 'lit';

export const themeStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    max-width: 100%;
    font-family: var(--petition-font, inherit);
    color: var(--petition-text-color, inherit);
    --_accent: var(--petition-accent-color, light-dark(#00703c, #4cc38a));
    --_accent-text: var(--petition-accent-text-color, light-dark(#ffffff, #0b0c0c));
    --_error: var(--petition-error-color, light-dark(#b3261e, #ff8a80));
    --_border: var(--petition-border-color, currentColor);
    --_radius: var(--petition-radius, 4px);
    --_space: var(--petition-spacing, 1rem);
    --_focus: var(--petition-focus-color, light-dark(#ffbf47, #ffdd00));
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  /* Focus lands on the wrapper only by script, after a retry; a ring around everything would
     say nothing. */
  .base:focus {
    outline: none;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
    box-shadow: 0 0 0 5px light-dark(#0b0c0c, #ffffff);
  }
  button {
    font: inherit;
    cursor: pointer;
    padding: calc(var(--_space) * 0.5) var(--_space);
    border-radius: var(--_radius);
    border: 2px solid var(--_accent);
    background: transparent;
    color: inherit;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  a {
    color: inherit;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    margin: 0 !important;
    padding: 0 !important;
    overflow: hidden !important;
    clip-path: inset(50%) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }
`;
