// Material for seeded signers: common given and family names from several countries, and real
// cities with a postal code and their state or province as the address data has them.
import { cleanAddress } from '../../shared/addresses/address-check.js';
import { EVERY_COUNTRY } from '../../shared/addresses/countries/every-country.js';

export const FIRST_NAMES: readonly string[] = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan ' +
  'Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra ' +
  'Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol ' +
  'Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Laura Edward Sharon ' +
  'Jeffrey Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas Shirley Eric Anna Jonathan Brenda ' +
  'Stephen Pamela Larry Emma Justin Nicole Scott Helen Brandon Samantha Benjamin Katherine Samuel Christine ' +
  'Oliver Amelia Harry Isla Jack Ava Noah Mia Leo Sophie Lucas Chloe Hugo Léa Louis Manon Gabriel Camille ' +
  'Jules Inès Lukas Hannah Finn Lena Jonas Marie Paul Leonie Felix Clara Mateo Lucía Pablo Martina Álvaro ' +
  'Sofía Alejandro Valentina Giulia Francesco Alessandro Chiara Lorenzo Aurora Sven Astrid Lars Ingrid ' +
  'Mikael Freja Jan Anouk Daan Fenna Piotr Zofia Jakub Julia Tomás Aoife Seán Niamh Arjun Priya Rahul ' +
  'Ananya Vikram Kavya Wei Mei Hiroshi Yuki Haruto Sakura Minjun Seoyeon Kwame Ama Chinedu Ngozi Thabo ' +
  'Lerato Joao Ana Rafael Beatriz Diego Camila Santiago Mariana Omar Leila Youssef Yasmin Mehmet Elif'
).split(' ');

export const LAST_NAMES: readonly string[] = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez ' +
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
  'Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams ' +
  'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Evans Turner Phillips Parker Collins Edwards ' +
  'Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox ' +
  'Richardson Wood Watson Brooks Bennett Gray Hughes Price Sanders Patel Singh Sharma Kumar Gupta Khan ' +
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann Schulz Dubois Durand Lefebvre ' +
  'Moreau Laurent Simon Michel Garnier Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci ' +
  'Fernández González Rodríguez Díaz Ruiz Jiménez Moreno Álvarez Romero Navarro Silva Santos Oliveira ' +
  'Souza Pereira Costa Carvalho Almeida Jansen de Vries van Dijk Bakker Visser Nowak Kowalski Wiśniewski ' +
  'Andersson Johansson Karlsson Nilsson Hansen Nielsen Jensen Larsen Murphy O\'Brien Byrne Ryan Walsh ' +
  'Tanaka Suzuki Takahashi Watanabe Kim Park Choi Chen Wang Zhang Liu Yilmaz Kaya Demir Mensah Okafor ' +
  'Nkosi Dlamini Haddad Nasser Cohen Levi Novak Horvat Popescu Ionescu Papadopoulos'
).split(' ');

export interface CityRow {
  city: string;
  /** The subdivision as stored (its key in the address data: "CA", "東京都"), '' where addresses have none. */
  state_province: string;
  postal_code: string;
  country_code: string;
}

// City | subdivision (any form the address data knows: ISO 3166-2 code, name or key) | country |
// a real postal code of the city. Stored as the service stores a signer's (address-check.ts).
const CITY_TABLE = `
New York|NY|US|10001;Los Angeles|CA|US|90012;Chicago|IL|US|60601;Houston|TX|US|77002;
Phoenix|AZ|US|85004;Philadelphia|PA|US|19107;San Antonio|TX|US|78205;Seattle|WA|US|98101;
Denver|CO|US|80202;Boston|MA|US|02108;Atlanta|GA|US|30303;Miami|FL|US|33131;Portland|OR|US|97201;
Minneapolis|MN|US|55401;Detroit|MI|US|48226;Toronto|ON|CA|M5H 2N2;Montréal|QC|CA|H2Y 1C6;
Vancouver|BC|CA|V6B 1A1;Calgary|AB|CA|T2P 1J9;Halifax|NS|CA|B3J 1A1;Winnipeg|MB|CA|R3C 0V8;
Mexico City|CMX|MX|06000;Guadalajara|JAL|MX|44100;Monterrey|NLE|MX|64000;São Paulo|SP|BR|01001-000;
Rio de Janeiro|RJ|BR|20010-000;Belo Horizonte|MG|BR|30110-000;Buenos Aires|C|AR|C1002AAB;
Córdoba|X|AR|X5000;Sydney|NSW|AU|2000;Melbourne|VIC|AU|3000;Brisbane|QLD|AU|4000;Perth|WA|AU|6000;
Adelaide|SA|AU|5000;Auckland||NZ|1010;Wellington||NZ|6011;London||GB|SW1A 1AA;
Manchester||GB|M1 1AE;Edinburgh||GB|EH1 1YZ;Cardiff||GB|CF10 1EP;Belfast||GB|BT1 5GS;
Dublin|D|IE|D02 X285;Cork|C|IE|T12 X70A;Paris||FR|75001;Lyon||FR|69001;Marseille||FR|13001;
Berlin||DE|10115;Munich||DE|80331;Hamburg||DE|20095;Cologne||DE|50667;Madrid|Madrid|ES|28001;
Barcelona|Barcelona|ES|08001;Valencia|Valencia|ES|46001;Rome|RM|IT|00184;Milan|MI|IT|20121;
Naples|NA|IT|80133;Turin|TO|IT|10121;Amsterdam||NL|1012 JS;Rotterdam||NL|3011 AD;Brussels||BE|1000;
Vienna||AT|1010;Zürich||CH|8001;Geneva||CH|1201;Stockholm||SE|111 20;Oslo||NO|0150;
Copenhagen||DK|1050;Helsinki||FI|00100;Warsaw||PL|00-001;Kraków||PL|30-001;Prague||CZ|110 00;
Lisbon||PT|1100-148;Porto||PT|4000-322;Athens||GR|105 57;Mumbai|MH|IN|400001;Delhi|DL|IN|110001;
Bengaluru|KA|IN|560001;Chennai|TN|IN|600001;Kolkata|WB|IN|700001;Tokyo|13|JP|100-0001;
Osaka|27|JP|530-0001;Kyoto|26|JP|600-8001;Seoul|11|KR|04524;Singapore||SG|018956;
Kuala Lumpur|14|MY|50050;Nairobi||KE|00100;Lagos|LA|NG|100001;Accra||GH|;Johannesburg||ZA|2001;
Cape Town||ZA|8001;Cairo|C|EG|11511;Istanbul|34|TR|34000;Tel Aviv||IL|6100000`;

function cityRow(row: string): CityRow {
  const [city, subdivision, countryCode, postalCode] = row.split('|') as [string, string, string, string];
  const country = EVERY_COUNTRY[countryCode]!;
  const { postal_code, state_province } = cleanAddress(country, { postal_code: postalCode, state_province: subdivision });
  return { city, state_province, postal_code, country_code: countryCode };
}

export const CITIES: readonly CityRow[] = CITY_TABLE.replace(/\s*\n\s*/g, '').split(';').map(cityRow);
