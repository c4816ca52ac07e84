// The English words <petition-sign> shows before anyone touches it: counts, progress, labels and
// the operator's notice. In the form's chunk, handed to its Translator (i18n/messages-first.ts
// says why); every other language has them in its own catalogue.
export const signWords = {
  // loading, counts, progress
  loadingPetition: 'Loading the petition…',
  signedCount: { one: '{count} person has signed', other: '{count} people have signed' },
  progress: '{count} of {goal} signatures',
  goal: 'Goal: {goal}',
  nextMilestone: 'Next milestone: {goal}',
  // the form
  optional: '(optional)',
  selectCountry: 'Select your country',
  submit: 'Sign this petition',
  // the operator's notice (the display obligation)
  notice: 'This petition is powered by {operator}. By signing, you accept the {terms} and the {privacy} of {operator}.',
  terms: 'terms of service',
  privacy: 'privacy policy',
  // a petition that takes no signatures here
  closed: 'This petition is closed.',
  closedCount: { one: '{count} person signed it.', other: '{count} people signed it.' },
  // field labels
  labelFirstName: 'First name',
  labelLastName: 'Last name',
  labelEmail: 'Email address',
  labelAddress: 'Address',
  labelCity: 'Town or city',
  labelStateProvince: 'State or province',
  labelPostalCode: 'Postal code',
  labelCountry: 'Country',
  labelPhone: 'Mobile phone number',
  labelReason: 'Why are you signing?',
  labelHidden: "Don't show my name publicly",
  // labels that fit the country's addresses (from the address dataset: src/shared/addresses/)
  labelZipCode: 'ZIP code',
  labelPinCode: 'PIN code',
  labelEircode: 'Eircode',
  labelState: 'State',
  labelProvince: 'Province',
  labelCounty: 'County',
  labelPrefecture: 'Prefecture',
  labelDepartment: 'Department',
  labelDistrict: 'District',
  labelEmirate: 'Emirate',
  labelIsland: 'Island',
  labelOblast: 'Oblast',
  labelParish: 'Parish',
  labelArea: 'Area',
  labelDoSi: 'Do/Si',
  // the first, empty choice of the state/province list
  selectSubdivision: 'Select…',
} as const;
