// Material for seeded signers: common given and family names from several countries, and real
// cities with their state or province as an address there writes it: the postal abbreviation
// where addresses use one (US, Canada, Australia, Brazil, Italy, Switzerland), the name elsewhere
// (Tokyo, not ISO 3166-2's 13), '' where addresses name none.

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
  state_province: string;
  country_code: string;
}

const CITY_TABLE = `
New York|NY|US;Los Angeles|CA|US;Chicago|IL|US;Houston|TX|US;Phoenix|AZ|US;Philadelphia|PA|US;
San Antonio|TX|US;Seattle|WA|US;Denver|CO|US;Boston|MA|US;Atlanta|GA|US;Miami|FL|US;Portland|OR|US;
Minneapolis|MN|US;Detroit|MI|US;Toronto|ON|CA;Montréal|QC|CA;Vancouver|BC|CA;Calgary|AB|CA;
Halifax|NS|CA;Winnipeg|MB|CA;Mexico City|Ciudad de México|MX;Guadalajara|Jalisco|MX;Monterrey|Nuevo León|MX;São Paulo|SP|BR;
Rio de Janeiro|RJ|BR;Belo Horizonte|MG|BR;Buenos Aires|Ciudad Autónoma de Buenos Aires|AR;Córdoba|Córdoba|AR;Sydney|NSW|AU;
Melbourne|VIC|AU;Brisbane|QLD|AU;Perth|WA|AU;Adelaide|SA|AU;Auckland||NZ;Wellington||NZ;
London|England|GB;Manchester|England|GB;Edinburgh|Scotland|GB;Cardiff|Wales|GB;Belfast|Northern Ireland|GB;Dublin|County Dublin|IE;Cork|County Cork|IE;
Paris||FR;Lyon||FR;Marseille||FR;Berlin|Berlin|DE;Munich|Bayern|DE;Hamburg|Hamburg|DE;Cologne|Nordrhein-Westfalen|DE;
Madrid|Madrid|ES;Barcelona|Barcelona|ES;Valencia|Valencia|ES;Rome|RM|IT;Milan|MI|IT;Naples|NA|IT;Turin|TO|IT;
Amsterdam||NL;Rotterdam||NL;Brussels||BE;Vienna||AT;Zürich|ZH|CH;Geneva|GE|CH;Stockholm||SE;
Oslo||NO;Copenhagen||DK;Helsinki||FI;Warsaw||PL;Kraków||PL;Prague||CZ;Lisbon||PT;Porto||PT;
Athens||GR;Mumbai|Maharashtra|IN;Delhi|Delhi|IN;Bengaluru|Karnataka|IN;Chennai|Tamil Nadu|IN;Kolkata|West Bengal|IN;Tokyo|Tokyo|JP;
Osaka|Osaka|JP;Kyoto|Kyoto|JP;Seoul||KR;Singapore||SG;Kuala Lumpur|Kuala Lumpur|MY;Nairobi||KE;Lagos|Lagos|NG;
Accra||GH;Johannesburg|Gauteng|ZA;Cape Town|Western Cape|ZA;Cairo||EG;Istanbul||TR;Tel Aviv||IL`;

export const CITIES: readonly CityRow[] = CITY_TABLE.replace(/\s*\n\s*/g, '')
  .split(';')
  .map((row) => {
    const [city, stateProvince, countryCode] = row.split('|');
    return { city: city!, state_province: stateProvince!, country_code: countryCode! };
  });
