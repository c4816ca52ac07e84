// The English words <petition-signatures> shows before anyone touches it. In the list's chunk,
// handed to its Translator (i18n/messages-first.ts says why).
export const signaturesWords = {
  loadingSignatures: 'Loading signatures…',
  noSigners: 'No one has signed yet. Be the first to sign.',
  signaturesFailed: 'The signatures could not be loaded.',
  signatureTotal: { one: '{count} signature', other: '{count} signatures' },
  pagesLabel: 'Pages of signatures',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',
} as const;
