// The space <petition-sign> and <petition-signatures> will take, as CSS for the page around them,
// before their code has run: an undefined tag is an empty inline box, so a page that gives them
// nothing but the tag would jump when they are defined (test/bundle/layout-shift.test.ts). The
// embed's loader adds it to host pages at once, as a constructed style sheet (which a strict
// Content-Security-Policy allows where it refuses a `<style>` element); the proxy's iframe page
// puts it in its render-blocking style sheet (src/proxy/embed/embed-page.ts). The sizes are the
// ones the elements' own styles reserve once defined (petition-sign.styles.ts,
// petition-signatures.styles.ts), in the same terms: the page's line height (`lh`), the spacing
// unit, border pixels; the layout-shift test fails when the two differ. A page of the list with
// another page-size gets its own reservation only once defined. The elements' chunks must not
// import it, or the loader entry, which imports it, would stop parsing as a classic script.

const SPACE = 'var(--petition-spacing,1rem)';
const ROW = `(2lh + ${SPACE} + 1px)`;

export const RESERVED_SPACE_CSS = `petition-sign:not(:defined),petition-signatures:not(:defined){display:block}
petition-sign:not(:defined){--_inputs:9;--_reason:1;min-block-size:calc(1.25lh + ${SPACE} + 0.75rem + 2px + 0.25*${SPACE} + 1lh + ${SPACE} + var(--_inputs)*(2lh + 2.05*${SPACE} + 4px) + var(--_reason)*(4lh + 2.05*${SPACE} + 4px) + max(1.5em,1lh) + ${SPACE} + 1lh + ${SPACE} + 4px + ${SPACE} + 3lh)}
petition-sign[hide-phone]:not(:defined){--_inputs:8}
petition-sign[hide-reason]:not(:defined){--_reason:0}
petition-signatures:not(:defined){min-block-size:calc(10*${ROW})}
petition-signatures[mode=list]:not(:defined){min-block-size:calc(1lh + 0.5*${SPACE} + 10*${ROW} + 2*${SPACE} + 1lh + 4px)}
`;
