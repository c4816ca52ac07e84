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

// --_s is the spacing unit, --_r a row of the list; the form's terms summed (petition-sign.styles.ts
// lists them one by one): 7.25 lines, 5.25 spacing units, 6 px, the goal bar, the checkbox row.
export const RESERVED_SPACE_CSS = `petition-sign:not(:defined),petition-signatures:not(:defined){display:block;--_s:var(--petition-spacing,1rem);--_r:(2lh + var(--_s) + 1px)}
petition-sign:not(:defined){--_i:9;--_t:1;min-block-size:calc(7.25lh + 5.25*var(--_s) + .75rem + 6px + max(1.5em,1lh) + var(--_i)*(2lh + 2.05*var(--_s) + 4px) + var(--_t)*(4lh + 2.05*var(--_s) + 4px))}
petition-sign[hide-phone]:not(:defined){--_i:8}
petition-sign[hide-reason]:not(:defined){--_t:0}
petition-signatures:not(:defined){min-block-size:calc(10*var(--_r))}
petition-signatures[mode=list]:not(:defined){min-block-size:calc(2lh + 2.5*var(--_s) + 4px + 10*var(--_r))}
`;
