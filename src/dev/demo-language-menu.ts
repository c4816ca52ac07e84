// The demo's "Language of the elements" menu: every language the elements speak
// (src/shared/element-languages.ts), each named in itself, so a language added there is offered
// here too; a right-to-left one carries data-dir for the page's switch (demo/index.html).
import { LANGUAGES, languageDirection } from '../shared/element-languages.js';

/** "español" -> "Español", in the language's own casing rules. */
const capitalised = (name: string, language: string) => name.charAt(0).toLocaleUpperCase(language) + name.slice(1);

/** A language's own name for itself ("Deutsch", "العربية", "中文（简体）"); its tag where Node's ICU has none. */
function autonym(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language', fallback: 'code' }).of(language) ?? language;
  return capitalised(name, language);
}

/** The menu's <option>s, English first as the page starts in it. */
export function languageOptions(): string {
  return LANGUAGES.map((language) => {
    const dir = languageDirection(language) === 'rtl' ? ' data-dir="rtl"' : '';
    return `<option value="${language}"${dir}>${autonym(language)}</option>`;
  }).join('\n        ');
}
