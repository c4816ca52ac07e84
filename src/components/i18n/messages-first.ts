// The English words any element may show before anyone touches it: the states in which an
// element cannot work. Each element brings the words it shows first with its own code
// (petition-sign/sign-words.ts and the like, handed to its Translator), so a page pays only for
// the elements it has; the rest (messages-later.ts) comes on a first touch, or when a message
// first needs it. The failure words stay here, with the code: a proxy that did not answer may not
// answer for a later chunk either.
export const enFirst = {
  tryAgain: 'Try again',
  // the petition takes no signatures from this website (yet)
  keyPending: "This form will open as soon as the petition's organisers approve this website.",
  keyRefused: 'This website cannot collect signatures for this petition any more.',
  // when the element cannot work, in the page (the console says how to fix it)
  loadFailed: 'The petition could not be loaded.',
  missingPetitionId: 'This petition form is missing the number of its petition.',
  proxyUnreachable: 'The petition could not be loaded: {url} did not answer.',
  originRefused: 'The petition cannot be shown on this website: {origin} is not allowed by {url}.',
  unknownPetition: 'Petition {id} is not available from {url}.',
  // where the petition takes no signatures (closed, or this website's key not granted): no invitation
  noSignersYet: 'No one has signed yet.',
} as const;
