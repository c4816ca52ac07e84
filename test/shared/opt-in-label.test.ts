// An opt-in's words for the form's language tag, as the form shows them and the proxy records
// them with the signature (src/proxy/outbox/consent-check.ts): both call optInLabel with the
// same tag, so the campaign keeps the words the signer saw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { optInLabel, type OptIn } from '../../src/shared/consent.js';
import { checkConsent } from '../../src/proxy/outbox/consent-check.js';

const NEWS: OptIn = {
  id: 'news',
  version: '1',
  label: { en: 'Keep me informed', ar: 'أبقوني على اطلاع', 'zh-hant': '向我通報', 'pt-BR': 'Quero receber novidades' },
};

test("the tag's own words, then the elements' language for it, then the primary subtag, then English", () => {
  assert.deepEqual(optInLabel(NEWS, 'ar'), { label: 'أبقوني على اطلاع', language: 'ar' });
  assert.deepEqual(optInLabel(NEWS, 'ar-EG'), { label: 'أبقوني على اطلاع', language: 'ar' });
  // zh-TW is traditional Chinese, and a bare pt Brazilian (docs/translations.md); keys match in any case.
  assert.deepEqual(optInLabel(NEWS, 'zh-TW'), { label: '向我通報', language: 'zh-hant' });
  assert.deepEqual(optInLabel(NEWS, 'pt'), { label: 'Quero receber novidades', language: 'pt-BR' });
  assert.deepEqual(optInLabel(NEWS, 'ko'), { label: 'Keep me informed', language: 'en' });
  assert.deepEqual(optInLabel(NEWS, undefined), { label: 'Keep me informed', language: 'en' });
});

test('the proxy records the words the form showed, and a tag Intl refuses is English, not a failure', () => {
  const shown = checkConsent({ opt_ins: ['news'], language: 'zh-TW' }, [NEWS]);
  assert.ok(shown.ok);
  assert.deepEqual(shown.consent.opt_ins, [{ id: 'news', label: '向我通報', language: 'zh-hant', version: '1' }]);
  // "en-1" passes the form's tag pattern but Intl.Locale throws on it.
  const odd = checkConsent({ opt_ins: ['news'], language: 'en-1' }, [NEWS]);
  assert.ok(odd.ok);
  assert.equal(odd.consent.opt_ins[0]!.label, 'Keep me informed');
});

test("the demo's opt-in has its own words in every language the elements speak (its Arabic form was English)", async () => {
  const { DEMO_OPT_IN } = await import('../../src/dev/demo-opt-in.js');
  const { LANGUAGES } = await import('../../src/shared/element-languages.js');
  assert.equal(LANGUAGES.length, 40);
  const english = LANGUAGES.filter((code) => code !== 'en' && optInLabel(DEMO_OPT_IN, code).language !== code);
  assert.deepEqual(english, []);
});
