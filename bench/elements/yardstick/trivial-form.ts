// The yardstick of bench/elements/time-to-form.ts: a trivial Lit element, one field and a submit
// button, built into a single-file bundle. What loading and rendering any Lit form costs on this
// machine in the same run, so the embed's times can be read as ratios.
import { LitElement, html } from 'lit';

class TrivialForm extends LitElement {
  override render() {
    return html`<form><label for="name">Name</label><input id="name"><button type="submit">Sign</button></form>`;
  }
}

customElements.define('trivial-form', TrivialForm);
