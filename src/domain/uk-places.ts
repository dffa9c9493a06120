import type { LatLng } from "./discovery";

/**
 * UK cities and larger towns with a centre point, so a person can type where they are instead of
 * sharing their location. Shipped with the app: no geocoding service is called.
 */
export interface UkPlace extends LatLng {
  name: string;
}

const P = (name: string, lat: number, lng: number): UkPlace => ({ name, lat, lng });

export const UK_PLACES: readonly UkPlace[] = [
  // England
  P("London", 51.5072, -0.1276),
  P("Birmingham", 52.4862, -1.8904),
  P("Manchester", 53.4808, -2.2426),
  P("Leeds", 53.8008, -1.5491),
  P("Liverpool", 53.4084, -2.9916),
  P("Sheffield", 53.3811, -1.4701),
  P("Bristol", 51.4545, -2.5879),
  P("Newcastle upon Tyne", 54.9783, -1.6178),
  P("Nottingham", 52.9548, -1.1581),
  P("Leicester", 52.6369, -1.1398),
  P("Brighton", 50.8225, -0.1372),
  P("Southampton", 50.9097, -1.4044),
  P("Portsmouth", 50.8198, -1.088),
  P("Plymouth", 50.3755, -4.1427),
  P("Norwich", 52.6309, 1.2974),
  P("Oxford", 51.752, -1.2577),
  P("Cambridge", 52.2053, 0.1218),
  P("York", 53.96, -1.0873),
  P("Bath", 51.3811, -2.359),
  P("Exeter", 50.7184, -3.5339),
  P("Derby", 52.9225, -1.4746),
  P("Coventry", 52.4068, -1.5197),
  P("Hull", 53.7676, -0.3274),
  P("Stoke-on-Trent", 53.0027, -2.1794),
  P("Wolverhampton", 52.5862, -2.1288),
  P("Bradford", 53.795, -1.7594),
  P("Huddersfield", 53.6458, -1.785),
  P("Wakefield", 53.6833, -1.4977),
  P("Sunderland", 54.9069, -1.3838),
  P("Middlesbrough", 54.5742, -1.235),
  P("Durham", 54.7753, -1.5849),
  P("Carlisle", 54.8925, -2.9329),
  P("Lancaster", 54.0466, -2.8007),
  P("Preston", 53.7632, -2.7031),
  P("Blackpool", 53.8175, -3.0357),
  P("Blackburn", 53.7486, -2.4875),
  P("Bolton", 53.5769, -2.4282),
  P("Wigan", 53.545, -2.6325),
  P("Stockport", 53.4106, -2.1575),
  P("Salford", 53.4875, -2.2901),
  P("Oldham", 53.5409, -2.1114),
  P("Chester", 53.1934, -2.8931),
  P("Warrington", 53.39, -2.597),
  P("Lincoln", 53.2307, -0.5406),
  P("Doncaster", 53.5228, -1.1285),
  P("Barnsley", 53.5526, -1.4797),
  P("Rotherham", 53.4326, -1.3635),
  P("Harrogate", 53.9921, -1.5418),
  P("Scarborough", 54.2831, -0.3998),
  P("Northampton", 52.2405, -0.9027),
  P("Milton Keynes", 52.0406, -0.7594),
  P("Luton", 51.8787, -0.42),
  P("Bedford", 52.136, -0.4667),
  P("Peterborough", 52.5695, -0.2405),
  P("Ipswich", 52.0567, 1.1482),
  P("Colchester", 51.8959, 0.8919),
  P("Chelmsford", 51.7356, 0.469),
  P("Southend-on-Sea", 51.5459, 0.7077),
  P("Canterbury", 51.2802, 1.0789),
  P("Maidstone", 51.2704, 0.5227),
  P("Margate", 51.3813, 1.3862),
  P("Dover", 51.1279, 1.3134),
  P("Hastings", 50.8543, 0.5735),
  P("Eastbourne", 50.768, 0.2905),
  P("Worthing", 50.8179, -0.3729),
  P("Chichester", 50.8376, -0.7749),
  P("Guildford", 51.2362, -0.5704),
  P("Reading", 51.4543, -0.9781),
  P("Slough", 51.5105, -0.595),
  P("Watford", 51.6565, -0.3903),
  P("St Albans", 51.755, -0.336),
  P("Winchester", 51.0632, -1.308),
  P("Salisbury", 51.0688, -1.7945),
  P("Swindon", 51.5558, -1.7797),
  P("Gloucester", 51.8642, -2.2382),
  P("Cheltenham", 51.8994, -2.0783),
  P("Worcester", 52.192, -2.22),
  P("Hereford", 52.0565, -2.716),
  P("Shrewsbury", 52.7077, -2.7541),
  P("Telford", 52.6766, -2.4469),
  P("Bournemouth", 50.7192, -1.8808),
  P("Poole", 50.7151, -1.9872),
  P("Weymouth", 50.6144, -2.4576),
  P("Torquay", 50.4619, -3.5253),
  P("Truro", 50.2632, -5.051),
  P("Penzance", 50.1186, -5.5371),
  P("Falmouth", 50.1526, -5.0663),
  P("Taunton", 51.0155, -3.1066),
  P("Yeovil", 50.9421, -2.6323),
  P("Kendal", 54.3282, -2.7462),
  P("Whitby", 54.4863, -0.6133),
  P("Leamington Spa", 52.2852, -1.5201),
  P("Stratford-upon-Avon", 52.1917, -1.7073),
  P("Kingston upon Thames", 51.4123, -0.3007),
  P("Croydon", 51.3762, -0.0982),
  P("Brixton", 51.4613, -0.1156),
  P("Hackney", 51.545, -0.0553),
  P("Camden", 51.539, -0.1426),
  P("Islington", 51.5465, -0.1058),
  P("Greenwich", 51.4826, -0.0077),
  P("Walthamstow", 51.5908, -0.0134),
  P("Peckham", 51.4741, -0.0693),
  P("Shoreditch", 51.5264, -0.0786),
  P("Stratford", 51.5416, -0.0034),
  // Scotland
  P("Glasgow", 55.8642, -4.2518),
  P("Edinburgh", 55.9533, -3.1883),
  P("Aberdeen", 57.1497, -2.0943),
  P("Dundee", 56.462, -2.9707),
  P("Inverness", 57.4778, -4.2247),
  P("Stirling", 56.1165, -3.9369),
  P("Perth", 56.3969, -3.4372),
  P("St Andrews", 56.3398, -2.7967),
  P("Fort William", 56.8198, -5.1052),
  P("Oban", 56.415, -5.4718),
  P("Ayr", 55.4586, -4.6292),
  P("Dumfries", 55.0701, -3.6055),
  P("Paisley", 55.8456, -4.4239),
  P("Falkirk", 56.0019, -3.7839),
  // Wales
  P("Cardiff", 51.4816, -3.1791),
  P("Swansea", 51.6214, -3.9436),
  P("Newport", 51.5842, -2.9977),
  P("Wrexham", 53.0462, -2.993),
  P("Bangor", 53.228, -4.1289),
  P("Aberystwyth", 52.4153, -4.0829),
  P("Carmarthen", 51.8576, -4.3121),
  P("Llandudno", 53.3241, -3.8276),
  P("Brecon", 51.9461, -3.3883),
  P("Merthyr Tydfil", 51.7487, -3.3816),
  // Northern Ireland
  P("Belfast", 54.5973, -5.9301),
  P("Derry", 54.9966, -7.3086),
  P("Lisburn", 54.5162, -6.058),
  P("Newry", 54.1751, -6.3402),
  P("Armagh", 54.3503, -6.6528),
  P("Enniskillen", 54.3438, -7.6315),
  P("Bangor (County Down)", 54.6536, -5.6688),
];

/** Lowercase, no punctuation, "St"/"Saint" and "&"/"and" made the same, single spaces. */
export function normalisePlace(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\bsaint\b/g, "st")
    .replace(/\s+/g, " ")
    .trim();
}

/** Edit distance between two short strings (for "did you mean"). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

const byName = new Map(UK_PLACES.map((p) => [normalisePlace(p.name), p]));
// Common short forms people type.
for (const [alias, name] of [
  ["newcastle", "Newcastle upon Tyne"],
  ["stoke", "Stoke-on-Trent"],
  ["southend", "Southend-on-Sea"],
  ["kingston", "Kingston upon Thames"],
  ["londonderry", "Derry"],
  ["leamington", "Leamington Spa"],
  ["stratford upon avon", "Stratford-upon-Avon"],
] as const) {
  byName.set(
    alias,
    UK_PLACES.find((p) => p.name === name)!,
  );
}

export type PlaceLookup = { found: UkPlace } | { found: null; suggestions: UkPlace[] };

/**
 * Finds a typed place: exact (ignoring case and punctuation, and a trailing ", UK" or county), or
 * unknown with up to three close spellings to suggest.
 */
export function lookupPlace(typed: string): PlaceLookup {
  const wanted = normalisePlace(typed.split(",")[0] ?? "");
  if (!wanted) return { found: null, suggestions: [] };
  const exact = byName.get(wanted);
  if (exact) return { found: exact };
  const scored = [...byName.entries()]
    .map(([key, place]) => ({
      place,
      distance: key.startsWith(wanted) && wanted.length >= 3 ? 0.5 : editDistance(wanted, key),
    }))
    .filter((s) => s.distance <= Math.max(1, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.distance - b.distance || a.place.name.localeCompare(b.place.name));
  const suggestions = [...new Map(scored.map((s) => [s.place.name, s.place])).values()].slice(0, 3);
  return { found: null, suggestions };
}
