// The shape of a language's messages. Every language has every message of the English catalogue
// (messages.ts), checked by the compiler through `satisfies Catalogue` in each language's file.
// A message is text with `{name}` placeholders, or, where a number decides the wording, one text
// per plural category of that language (Intl.PluralRules), `other` always among them.
import type { en } from './messages.js';

type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralMessage;
export type MessageId = keyof typeof en;

/** Ids whose English message is plural: the same ids must be plural in every language. */
type PluralIds = { [K in MessageId]: (typeof en)[K] extends string ? never : K }[MessageId];

export type Catalogue = { [K in MessageId]: K extends PluralIds ? PluralMessage : string };
