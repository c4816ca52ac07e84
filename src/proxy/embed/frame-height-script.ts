// The embed page's only script of its own (served as a file: the page's policy allows no inline
// script). Whenever the content's height changes, it posts `{ type: 'petition-embed:height',
// petitionId, height }` to the framing page, and only when it knows that page's origin and the
// origin may frame it: the message's target origin then keeps it from any other page. Nothing
// but the height and the petition's number ever leaves the frame. README.md "In an iframe" has
// the host page's side.
//
// The first message is the page's real height, so the host page sizes the frame once: it waits
// until every element has its content (none busy: an element marks its wrapper aria-busy while it
// loads), looking once a frame, at most 10 s (an element whose code never came would otherwise
// keep the frame at its first height), and then follows every change.
//
// Plain JavaScript in a string rather than a bundled module: the bundle's build belongs to the
// elements, and these few lines need no library. test/e2e/iframe-embed.test.ts and
// test/e2e/iframe-first-height.test.ts run them in Chromium.

/** The message's `type`, which the host page's snippet checks. */
const FRAME_HEIGHT_MESSAGE = 'petition-embed:height';

export const FRAME_HEIGHT_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.parent === window) return;
  var allowed = (script.getAttribute('data-frame-origins') || '').split(' ');
  var petitionId = Number(script.getAttribute('data-petition-id'));
  // The parent's origin: Chromium and WebKit say it; elsewhere the page that loaded the frame does.
  var ancestors = window.location.ancestorOrigins;
  var parentOrigin = ancestors && ancestors.length > 0 ? ancestors[0] : '';
  if (!parentOrigin && document.referrer) {
    try { parentOrigin = new URL(document.referrer).origin; } catch (error) { parentOrigin = ''; }
  }
  if (!parentOrigin || allowed.indexOf(parentOrigin) === -1 || typeof ResizeObserver !== 'function') return;
  var sent = -1;
  var post = function () {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: '${FRAME_HEIGHT_MESSAGE}', petitionId: petitionId, height: height }, parentOrigin);
  };
  var busy = function () {
    var elements = document.querySelectorAll('petition-sign, petition-signatures');
    for (var i = 0; i < elements.length; i++) {
      var root = elements[i].shadowRoot;
      if (!root || root.querySelector('[aria-busy="true"]')) return true;
    }
    return false;
  };
  var giveUpAt = Date.now() + 10000;
  var whenSettled = function () {
    if (busy() && Date.now() < giveUpAt) return requestAnimationFrame(whenSettled);
    new ResizeObserver(post).observe(document.body);
  };
  whenSettled();
})();
`;
