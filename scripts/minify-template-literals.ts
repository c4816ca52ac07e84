// A Vite plugin for the elements' bundle, which has a gzip budget (test/bundle/bundle.test.ts):
// the `css` template literals in *.styles.ts files are minified with esbuild's CSS minifier, and
// in the components' templates a line break with its indentation between two tags becomes one
// space, which renders the same. Comments and indentation are for people, not for the wire.
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

const COMPONENT_FILE = /\/src\/components\/.*\.ts$/;
const STYLES_FILE = /\.styles\.ts$/;
const CSS_LITERAL = /css`([^`]*)`/g;
/** A tag's end, then a line break and indentation, then another tag (or a template part). */
const BETWEEN_TAGS = /([^=\s]>)\s*\n\s*(<[a-zA-Z/!]|\$\{)/g;

export function minifyTemplateLiterals(): Plugin {
  return {
    name: 'minify-template-literals',
    enforce: 'pre',
    transform(code, id) {
      if (!COMPONENT_FILE.test(id)) return null;
      if (!STYLES_FILE.test(id)) return code.replace(BETWEEN_TAGS, '$1 $2');
      return code.replace(CSS_LITERAL, (literal, body: string) => {
        // Interpolations cannot be minified as CSS; such a literal is left as written.
        if (body.includes('${')) return literal;
        const { code: minified } = transformSync(body, { loader: 'css', minify: true });
        return `css\`${minified.trim().replace(/\\/g, '\\\\')}\``;
      });
    },
  };
}
