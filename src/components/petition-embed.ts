// The package's entry and the one-script embed: importing it registers <petition-sign> and
// <petition-signatures>; it also exports their classes and event for use from npm.
export { PetitionSign } from './petition-sign/petition-sign.js';
export { PetitionSignatures } from './petition-signatures/petition-signatures.js';
export { PetitionSignedEvent } from './petition-signed-event.js';
export type { PetitionSignedDetail } from './petition-signed-event.js';
