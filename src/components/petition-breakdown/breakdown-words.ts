// The English words <petition-breakdown> shows before anyone touches it. In its chunk, handed to
// its Translator (i18n/messages-first.ts says why).
export const breakdownWords = {
  loadingBreakdown: 'Loading where the signatures come from…',
  breakdownFailed: 'Where the signatures come from could not be loaded.',
  byCountry: 'Signatures by country',
  byRegion: 'Signatures by region: {country}',
  placeHeading: 'Place',
  countHeading: 'Signatures',
  otherPlaces: 'Other places',
  tooFewToShow: 'Too few signatures to show.',
} as const;
