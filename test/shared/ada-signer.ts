// One complete, valid signer (a British address: no region, a postal code with its space), the
// starting point the signature schema's tests vary one field of.
export const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.net',
  address: "12 St James's Square",
  city: 'London',
  state_province: '',
  postal_code: 'SW1Y 4JH',
  country_code: 'GB',
};
