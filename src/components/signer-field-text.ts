// The signer fields' labels, as message ids, fitted to the country's addresses. Their problems'
// messages are in signer-problem-text.ts, which only a submission needs.
import type { CountryAddress, PostalLabel, SubdivisionLabel } from '../shared/addresses/country-address.js';
import type { SignerField } from '../shared/signer-fields.js';
import type { MessageId } from './i18n/catalogue.js';

const LABELS: Record<SignerField, MessageId> = {
  first_name: 'labelFirstName',
  last_name: 'labelLastName',
  email: 'labelEmail',
  address: 'labelAddress',
  city: 'labelCity',
  state_province: 'labelStateProvince',
  postal_code: 'labelPostalCode',
  country_code: 'labelCountry',
  phone: 'labelPhone',
  reason: 'labelReason',
  hidden: 'labelHidden',
};

// What the country's addresses call the postal code and the subdivision (Google's zip_name_type
// and state_name_type, src/shared/addresses/country-address.ts).
const POSTAL_LABELS: Record<PostalLabel, MessageId> = { zip: 'labelZipCode', pin: 'labelPinCode', eircode: 'labelEircode' };
const SUBDIVISION_LABELS: Record<SubdivisionLabel, MessageId> = {
  area: 'labelArea',
  county: 'labelCounty',
  department: 'labelDepartment',
  district: 'labelDistrict',
  do_si: 'labelDoSi',
  emirate: 'labelEmirate',
  island: 'labelIsland',
  oblast: 'labelOblast',
  parish: 'labelParish',
  prefecture: 'labelPrefecture',
  province: 'labelProvince',
  state: 'labelState',
};

/** The field's label, fitted to the country's addresses when their rules are known. */
export function labelId(field: SignerField, address?: CountryAddress): MessageId {
  if (field === 'postal_code' && address?.postalLabel) return POSTAL_LABELS[address.postalLabel];
  if (field === 'state_province' && address?.subdivisionLabel) return SUBDIVISION_LABELS[address.subdivisionLabel];
  return LABELS[field];
}
