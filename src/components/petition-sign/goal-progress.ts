// The bar toward the petition's goal. With no goal set, the next milestone above the count
// (100, 500, 1,000, 5,000, 10,000, …) stands in, as on the big petition sites: a bar that is
// always within reach shows momentum where a distant one would discourage.
import { html, svg } from 'lit';
import type { Translator } from '../i18n/translator.js';

/** The first of 100, 500, 1,000, 5,000, 10,000, … above `count`. */
export function nextMilestone(count: number): number {
  for (let power = 100; ; power *= 10) {
    if (count < power) return power;
    if (count < power * 5) return power * 5;
  }
}

export interface Goal {
  target: number;
  /** The petition's own goal (or the element's `goal`), not a milestone. */
  set: boolean;
}

/** The goal to show: the element's attribute, else the petition's, else the next milestone. */
export function goalFor(count: number, attribute: number | undefined, petitionGoal: number | null): Goal {
  const chosen = attribute !== undefined && attribute > 0 ? attribute : petitionGoal;
  return chosen !== null && chosen > 0 ? { target: chosen, set: true } : { target: nextMilestone(count), set: false };
}

export function renderGoalProgress(t: Translator, count: number, goal: Goal) {
  const name = t.t('progress', { count, goal: goal.target });
  const percent = Math.min(100, (count / goal.target) * 100);
  return html`<div class="goal" part="goal">
    <div
      class="progress"
      part="progress"
      role="progressbar"
      aria-label=${name}
      aria-valuemin="0"
      aria-valuemax=${goal.target}
      aria-valuenow=${Math.min(count, goal.target)}
    >
      <!-- An SVG width, not a style attribute, which a strict Content-Security-Policy would refuse. -->
      <svg class="progress-track" aria-hidden="true">
        ${svg`<rect class="progress-value" part="progress-value" width="${percent}%" height="100%"></rect>`}
      </svg>
    </div>
    <p class="goal-text" aria-hidden="true">
      ${t.t(goal.set ? 'goal' : 'nextMilestone', { goal: goal.target })}
    </p>
  </div>`;
}
