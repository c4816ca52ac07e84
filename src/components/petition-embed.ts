// The package's entry: importing it registers <petition-sign>, <petition-signatures> and
// <petition-breakdown>; it also exports their classes and event for use from npm.
export { PetitionSign } from './petition-sign/petition-sign.js';
export { PetitionSignatures } from './petition-signatures/petition-signatures.js';
export { PetitionBreakdown } from './petition-breakdown/petition-breakdown.js';
export { PetitionSignedEvent } from './petition-signed-event.js';
export type { PetitionSignedDetail } from './petition-signed-event.js';
