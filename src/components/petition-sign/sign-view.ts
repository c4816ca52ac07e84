// The templates of <petition-sign> around its form: the petition's header (title, overview, count
// and goal), the thank-you with its share step, a closed petition, and a problem the element
// cannot get past. The element owns the state and passes what each needs.
import { html, nothing } from 'lit';
import type { PetitionSummary } from '../../shared/types.js';
import { problemText, type EmbedProblem } from '../embed-problem.js';
import type { Translator } from '../i18n/translator.js';
import { goalFor, renderGoalProgress } from './goal-progress.js';
import type { CopyState, Shared } from './share-step.js';

export interface HeaderOptions {
  /** `show`: which of the petition's own texts the page wants, space-separated. */
  show: string;
  /** The element's `goal`, over the petition's. */
  goal: number | undefined;
  /** A closed petition says its final count in its own words instead. */
  closed: boolean;
}

export function renderHeader(t: Translator, petition: PetitionSummary, { show, goal, closed }: HeaderOptions) {
  const shown = new Set(show.split(/\s+/));
  const count = petition.signature_count;
  return html`${shown.has('title') ? html`<h2 class="title" part="title">${petition.title}</h2>` : nothing}
    ${shown.has('overview') && petition.overview ? html`<p class="overview" part="overview">${petition.overview}</p>` : nothing}
    ${closed
      ? nothing
      : html`<p class="count" part="count">${t.t('signedCount', { count })}</p>
          ${renderGoalProgress(t, count, goalFor(count, goal, petition.goal))}`}`;
}

export interface ThanksOptions {
  /** The share step's code, once its chunk has arrived. */
  shareStep: typeof import('./share-step.js') | undefined;
  shared: Shared | undefined;
  copy: CopyState;
  withdrawUrl: string | undefined;
  onShare: () => void;
  onCopy: () => void;
}

export function renderThanks(t: Translator, petition: PetitionSummary, options: ThanksOptions) {
  const { shareStep, shared } = options;
  // Not a live region: focus moves here, which reads it once.
  return html`<div class="thanks" part="thanks" tabindex="-1" role="group" aria-labelledby="thanks-title">
      <h2 id="thanks-title">${t.t('thanksTitle')}</h2>
      <slot name="thanks"><p>${t.t(petition.confirm_signers ? 'thanksConfirm' : 'thanksText')}</p></slot>
      ${options.withdrawUrl ? html`<p><small><a part="withdraw" href=${options.withdrawUrl}>${t.t('withdraw')}</a></small></p>` : nothing}
    </div>
    ${shareStep && shared ? shareStep.renderShareStep(t, shared, options.copy, options) : nothing}`;
}

export function renderClosed(t: Translator, petition: PetitionSummary) {
  return html`<div class="closed" part="closed">
    <p>${t.t('closed')}</p>
    <p>${t.t('closedCount', { count: petition.signature_count })}</p>
  </div>`;
}

/** Why the element cannot work here, with a retry when trying again may help, and the page's fallback. */
export function renderProblem(t: Translator, problem: EmbedProblem, onRetry: (() => void) | undefined) {
  return html`<div part="status" role="alert">
    <p>${problemText(t, problem)}</p>
    ${onRetry ? html`<button type="button" part="retry" @click=${onRetry}>${t.t('tryAgain')}</button>` : nothing}
    <slot></slot>
  </div>`;
}
