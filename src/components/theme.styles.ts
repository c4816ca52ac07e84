// Styles both elements share: the theming custom properties' defaults, the page's font, focus
// that is always visible, buttons, and text only screen readers read. Colours follow the text
// colour the element inherits: on a page with light text (a dark page, whether or not it
// declares color-scheme) the base wrapper gets `on-dark` (page-contrast.ts) and the lighter
// palette, so errors, focus and the button stay readable. Plain colours only, no light-dark(),
// so browsers without it (Safari before 17.5) show the same.
import { css } from 'lit';

export const themeStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    max-inline-size: 100%;
    font-family: var(--petition-font, inherit);
    color: var(--petition-text-color, inherit);
  }
  .base {
    --_accent: var(--petition-accent-color, #00703c);
    --_accent-text: var(--petition-accent-text-color, #ffffff);
    --_error: var(--petition-error-color, #b3261e);
    --_focus: var(--petition-focus-color, #ffbf47);
    --_focus-ring: #0b0c0c;
    --_border: var(--petition-border-color, currentColor);
    --_radius: var(--petition-radius, 4px);
    --_control-radius: var(--petition-control-radius, var(--_radius));
    --_button-radius: var(--petition-button-radius, var(--_radius));
    --_box-radius: var(--petition-box-radius, var(--_radius));
    --_space: var(--petition-spacing, 1rem);
  }
  .base.on-dark {
    --_accent: var(--petition-accent-color, #4cc38a);
    --_accent-text: var(--petition-accent-text-color, #0b0c0c);
    --_error: var(--petition-error-color, #ff8a80);
    --_focus: var(--petition-focus-color, #ffdd00);
    --_focus-ring: #ffffff;
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
    box-shadow: 0 0 0 5px var(--_focus-ring);
  }
  button {
    font: inherit;
    cursor: pointer;
    padding-block: calc(var(--_space) * 0.5);
    padding-inline: var(--_space);
    border-radius: var(--_button-radius);
    border: 2px solid var(--_accent);
    background: transparent;
    color: inherit;
  }
  button:disabled,
  button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  a {
    color: inherit;
  }
  .visually-hidden {
    position: absolute !important;
    inline-size: 1px !important;
    block-size: 1px !important;
    margin: 0 !important;
    padding: 0 !important;
    overflow: hidden !important;
    clip-path: inset(50%) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }
`;
