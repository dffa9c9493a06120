/**
 * Demo data, pure and hand-written: real UK venues and sixty grassroots events, five in each of the
 * spec's twelve categories. Dates are relative (days from the seed's "today"), so the demo always
 * has something on tonight. Names avoid weekdays and seasons for the same reason.
 */

export type HostKey = "host" | "host2";

export interface VenueSeed {
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  /** The most people it holds (a seated venue's demo plan has this many seats). */
  capacity: number;
  lat: number;
  lng: number;
  /** The demo host who owns the venue; events there belong to the same host. */
  host: HostKey;
  seatRows?: number;
  seatColumns?: number;
  /** Blocks of the seat plan (1-based, inclusive); a ticket names the section it sells. */
  sections?: SeatSectionSeed[];
  /** Wheelchair spaces and their companion seats. */
  marks?: { row: number; column: number; kind: "wheelchair" | "companion" }[];
}

export interface SeatSectionSeed {
  name: string;
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** A wheelchair space at each end of a row, each with its companion seat beside it. */
const accessibleRowEnds = (row: number, columns: number) => [
  { row, column: 1, kind: "wheelchair" as const },
  { row, column: 2, kind: "companion" as const },
  { row, column: columns - 1, kind: "companion" as const },
  { row, column: columns, kind: "wheelchair" as const },
];

/** Real places; coordinates are the building (or the park's main gate area) to four decimals. */
export const VENUES: VenueSeed[] = [
  {
    name: "The Windmill Brixton",
    capacity: 150,
    addressLine1: "22 Blenheim Gardens",
    city: "London",
    postcode: "SW2 5BZ",
    lat: 51.4504,
    lng: -0.1193,
    host: "host",
  },
  {
    name: "Hackney Empire",
    capacity: 160,
    addressLine1: "291 Mare Street",
    city: "London",
    postcode: "E8 1EJ",
    lat: 51.5455,
    lng: -0.0554,
    host: "host",
    seatRows: 10,
    seatColumns: 16,
    sections: [
      { name: "Stalls", firstRow: 1, lastRow: 6, firstColumn: 1, lastColumn: 16 },
      { name: "Circle", firstRow: 7, lastRow: 10, firstColumn: 1, lastColumn: 16 },
    ],
    marks: accessibleRowEnds(6, 16),
  },
  {
    name: "Victoria Park",
    capacity: 5000,
    addressLine1: "Grove Road",
    city: "London",
    postcode: "E3 5TB",
    lat: 51.5363,
    lng: -0.0404,
    host: "host",
  },
  {
    name: "Band on the Wall",
    capacity: 340,
    addressLine1: "25 Swan Street",
    city: "Manchester",
    postcode: "M4 5JZ",
    lat: 53.4857,
    lng: -2.2362,
    host: "host2",
  },
  {
    name: "The Louisiana",
    capacity: 140,
    addressLine1: "Wapping Road",
    city: "Bristol",
    postcode: "BS1 4RW",
    lat: 51.4469,
    lng: -2.5963,
    host: "host",
  },
  {
    name: "St Werburghs Community Centre",
    capacity: 200,
    addressLine1: "Horley Road",
    city: "Bristol",
    postcode: "BS2 9TJ",
    lat: 51.4695,
    lng: -2.5748,
    host: "host",
  },
  {
    name: "King Tut's Wah Wah Hut",
    capacity: 300,
    addressLine1: "272A St Vincent Street",
    city: "Glasgow",
    postcode: "G2 5RL",
    lat: 55.8626,
    lng: -4.2655,
    host: "host",
  },
  {
    name: "The Stand Comedy Club",
    capacity: 96,
    addressLine1: "5 York Place",
    city: "Edinburgh",
    postcode: "EH1 3EB",
    lat: 55.9561,
    lng: -3.1895,
    host: "host",
    seatRows: 8,
    seatColumns: 12,
    sections: [
      { name: "Stalls", firstRow: 1, lastRow: 6, firstColumn: 1, lastColumn: 12 },
      { name: "Circle", firstRow: 7, lastRow: 8, firstColumn: 1, lastColumn: 12 },
    ],
    marks: accessibleRowEnds(1, 12),
  },
  {
    name: "Brudenell Social Club",
    capacity: 400,
    addressLine1: "33 Queen's Road",
    city: "Leeds",
    postcode: "LS6 1NY",
    lat: 53.8176,
    lng: -1.5738,
    host: "host2",
  },
  {
    name: "Roundhay Park",
    capacity: 10000,
    addressLine1: "Mansion Lane",
    city: "Leeds",
    postcode: "LS8 2HH",
    lat: 53.837,
    lng: -1.4975,
    host: "host2",
  },
  {
    name: "The Prince Albert",
    capacity: 120,
    addressLine1: "48 Trafalgar Street",
    city: "Brighton",
    postcode: "BN1 4ED",
    lat: 50.8287,
    lng: -0.1404,
    host: "host",
  },
  {
    name: "Clwb Ifor Bach",
    capacity: 200,
    addressLine1: "11 Womanby Street",
    city: "Cardiff",
    postcode: "CF10 1BR",
    lat: 51.4795,
    lng: -3.18,
    host: "host",
  },
  {
    name: "The Sunflower Lounge",
    capacity: 150,
    addressLine1: "76 Smallbrook Queensway",
    city: "Birmingham",
    postcode: "B5 4EG",
    lat: 52.4762,
    lng: -1.8979,
    host: "host",
  },
  {
    name: "Kelham Island Tavern",
    capacity: 80,
    addressLine1: "62 Russell Street",
    city: "Sheffield",
    postcode: "S3 8RW",
    lat: 53.3893,
    lng: -1.4712,
    host: "host2",
  },
  {
    name: "Sefton Park Palm House",
    capacity: 300,
    addressLine1: "Sefton Park",
    city: "Liverpool",
    postcode: "L17 1AP",
    lat: 53.3819,
    lng: -2.9367,
    host: "host2",
  },
  {
    name: "The Bodega",
    capacity: 200,
    addressLine1: "23 Pelham Street",
    city: "Nottingham",
    postcode: "NG1 2ED",
    lat: 52.9533,
    lng: -1.1466,
    host: "host",
  },
];

/**
 * What an event demonstrates. Dates come from `day`/`time`; the scenario sets status, privacy and
 * how much has sold ("today" and "ended-today" also bend the time so they hold whenever the seed runs).
 */
export type Scenario =
  "upcoming" | "past" | "today" | "ended-today" | "sold-out" | "nearly-sold-out" | "private" | "cancelled" | "draft";

export interface TicketSeed {
  name: string;
  /** Face value in pence; 0 is free. For pay-what-you-wish tickets, the minimum. */
  pricePence: number;
  capacity: number;
  payWhatYouWish?: boolean;
  description?: string;
  /** Private tickets show only once unlocked (by the host's link or a private code). */
  kind?: "private";
  /** At a venue with seat sections: the section whose seats it sells. */
  section?: string;
}

/** Demo discount codes (stored lower case): one public offer, one private code that unlocks crew tickets. */
export const DEMO_DISCOUNTS = [
  {
    host: "host" as HostKey,
    name: "Crowd discount",
    code: "crowd10",
    kind: "percent" as const,
    value: 1000,
    isPrivate: false,
  },
  {
    host: "host" as HostKey,
    name: "Crew and friends",
    code: "crew",
    kind: "percent" as const,
    value: 0,
    isPrivate: true,
  },
];

export interface EventSeed {
  name: string;
  summary: string;
  /** Plain text; paragraphs separated by a blank line. */
  description: string;
  /** A subcategory slug from the event's category. */
  eventType: string;
  /** Index into VENUES, or null for an online event. */
  venue: number | null;
  /** Days from the seed's London date (negative: in the past). */
  day: number;
  /** London wall-clock start, HH:MM. */
  time: string;
  minutes: number;
  tickets: TicketSeed[];
  scenario: Scenario;
  host: HostKey;
}

export interface CategorySeed {
  slug: string;
  label: string;
  /** The spec's subcategories as slugs (lowercase, hyphenated, "&" as "and"). */
  eventTypes: readonly string[];
  events: EventSeed[];
}

const paras = (...paragraphs: string[]) => paragraphs.join("\n\n");
const free = (capacity: number, name = "Free ticket"): TicketSeed[] => [{ name, pricePence: 0, capacity }];

export const CATEGORIES: CategorySeed[] = [
  {
    slug: "music-events",
    label: "Music",
    eventTypes: [
      "live-bands",
      "festivals",
      "dj-nights",
      "karaoke",
      "open-mic",
      "workshops",
      "classes",
      "lessons",
      "competitions",
      "recitals",
      "concerts",
      "shows",
      "performances",
      "gigs",
    ],
    events: [
      {
        name: "New Noise at the Windmill: Five Bands",
        summary: "Five new south London guitar bands, half an hour each.",
        description: paras(
          "Five bands from south London's new guitar scene, each playing a tight half-hour set on one of the " +
            "capital's best-loved little stages.",
          "Come early for the openers: the Windmill has launched more than a few careers from exactly this slot.",
        ),
        eventType: "live-bands",
        venue: 0,
        day: 0,
        time: "19:30",
        minutes: 240,
        tickets: [
          { name: "Advance", pricePence: 700, capacity: 130 },
          { name: "Student", pricePence: 500, capacity: 20, description: "Bring a valid student card to the door" },
        ],
        scenario: "today",
        host: "host",
      },
      {
        name: "Northern Soul All-Nighter",
        summary: "Spins, claps and backdrops until the small hours.",
        description: paras(
          "Four DJs, boxes full of original 45s and a sprung floor that has seen a lot of talc.",
          "Newcomers are more than welcome: there is a beginners' dance lesson in the first hour. Flat shoes " +
            "recommended.",
        ),
        eventType: "dj-nights",
        venue: 3,
        day: 9,
        time: "21:00",
        minutes: 360,
        tickets: [
          { name: "Early bird", pricePence: 1000, capacity: 60 },
          { name: "General admission", pricePence: 1400, capacity: 240 },
        ],
        scenario: "sold-out",
        host: "host2",
      },
      {
        name: "Songwriters' Open Mic",
        summary: "Bring a song, a guitar, or just your ears.",
        description: paras(
          "A friendly open mic for original songs, upstairs at the Prince Albert. Performers get three songs or " +
            "fifteen minutes, whichever comes first.",
          "Book a performer slot to guarantee your spot; the list fills in booking order.",
        ),
        eventType: "open-mic",
        venue: 10,
        day: 4,
        time: "19:30",
        minutes: 180,
        tickets: [
          { name: "Audience", pricePence: 300, capacity: 60 },
          { name: "Performer slot", pricePence: 0, capacity: 12, description: "Three songs or fifteen minutes" },
        ],
        scenario: "nearly-sold-out",
        host: "host",
      },
      {
        name: "Brass in the Park",
        summary: "A free afternoon of brass band favourites on the grass.",
        description: paras(
          "Two community brass bands swap sets through the afternoon: marches, film themes and a few surprises.",
          "Bring a blanket and a picnic. Free, but book a ticket so we know how many chairs to put out for those who " +
            "need them.",
        ),
        eventType: "concerts",
        venue: 2,
        day: 37,
        time: "14:00",
        minutes: 150,
        tickets: free(400),
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Folk Session in the Back Room",
        summary: "Fiddles, shanties and a proper singalong.",
        description: paras(
          "A guest trio from the Peak District opens, then the floor is open to anyone with a tune or a song.",
          "Real ale on at the bar, and the back room fire will be lit.",
        ),
        eventType: "gigs",
        venue: 13,
        day: -6,
        time: "20:00",
        minutes: 180,
        tickets: [{ name: "Ticket", pricePence: 700, capacity: 60 }],
        scenario: "past",
        host: "host2",
      },
    ],
  },
  {
    slug: "comedy-events",
    label: "Comedy",
    eventTypes: ["stand-up", "shows", "improv", "workshops", "classes", "competitions"],
    events: [
      {
        name: "Laughing Stock: New Material Night",
        summary: "Five comics try out brand new jokes on you.",
        description: paras(
          "Five comics, ten minutes each, all of it brand new. Some of it will be brilliant; you get to be there " +
            "when it works for the first time.",
          "Seats are allocated in booking order, so book early for the front.",
        ),
        eventType: "stand-up",
        venue: 7,
        day: 0,
        time: "20:30",
        minutes: 120,
        tickets: [
          { name: "Stalls", pricePence: 700, capacity: 72, section: "Stalls" },
          { name: "Circle", pricePence: 500, capacity: 24, section: "Circle" },
        ],
        scenario: "today",
        host: "host",
      },
      {
        name: "Improv Jam: Anything Goes",
        summary: "Your suggestions, their quick wits, no script.",
        description: paras(
          "A troupe of Cardiff improvisers builds scenes, songs and a whole musical from whatever the audience " +
            "shouts out.",
          "No two shows are the same, and nobody gets dragged on stage unless they want to be.",
        ),
        eventType: "improv",
        venue: 11,
        day: 6,
        time: "19:45",
        minutes: 90,
        tickets: [
          { name: "Ticket", pricePence: 900, capacity: 80 },
          { name: "Concession", pricePence: 700, capacity: 20, description: "Students, over-65s and unwaged" },
        ],
        scenario: "sold-out",
        host: "host",
      },
      {
        name: "Big Laughs at the Empire",
        summary: "A touring headliner with two support acts in a grand old theatre.",
        description: paras(
          "A headliner you will know from the panel shows, with two of the best acts on the London circuit in support.",
          "Seated show: choose the stalls for the atmosphere or the circle for the view.",
        ),
        eventType: "shows",
        venue: 1,
        day: 12,
        time: "19:30",
        minutes: 150,
        tickets: [
          { name: "Stalls", pricePence: 1800, capacity: 96, section: "Stalls" },
          { name: "Circle", pricePence: 1400, capacity: 60, section: "Circle" },
        ],
        scenario: "nearly-sold-out",
        host: "host",
      },
      {
        name: "Stand-up for Absolute Beginners",
        summary: "Write and perform your first five minutes.",
        description: paras(
          "A four-hour workshop with a working comedian: finding your voice, structuring a joke and surviving silence.",
          "You finish by trying your five minutes on the rest of the group, who will be on your side.",
        ),
        eventType: "workshops",
        venue: 7,
        day: 21,
        time: "10:30",
        minutes: 240,
        tickets: [{ name: "Workshop place", pricePence: 3000, capacity: 12, section: "Stalls" }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Funny Northerners: New Act Heat",
        summary: "Eight new acts compete for a place in the final.",
        description: paras(
          "Eight comics who have been gigging for less than two years, five minutes each. The audience vote decides " +
            "who goes through.",
          "A compère keeps things moving, and the bar stays open throughout.",
        ),
        eventType: "competitions",
        venue: 8,
        day: 30,
        time: "19:30",
        minutes: 150,
        tickets: [{ name: "Ticket", pricePence: 500, capacity: 120 }],
        scenario: "upcoming",
        host: "host2",
      },
    ],
  },
  {
    slug: "pubs-clubs-events",
    label: "Pubs & Clubs",
    eventTypes: ["quiz-night", "food-events", "theme-nights", "fancy-dress", "cocktails", "cabaret", "drag-show"],
    events: [
      {
        name: "Kelham Island Pub Quiz",
        summary: "Teams of up to six, a bar tab for the winners.",
        description: paras(
          "Six rounds, a picture round and a music round, with a bar tab for the winning team and a wooden spoon for " +
            "the last.",
          "Teams of up to six: everyone books their own ticket, and you can form a team on the night.",
        ),
        eventType: "quiz-night",
        venue: 13,
        day: 0,
        time: "20:00",
        minutes: 150,
        tickets: [{ name: "Quiz entry", pricePence: 300, capacity: 72 }],
        scenario: "today",
        host: "host2",
      },
      {
        name: "Drag Bingo Extravaganza",
        summary: "Eyes down, wigs up: bingo with a glittering host.",
        description: paras(
          "Ten games of bingo, called by a drag queen who will roast your dabbing technique. Prizes range from the " +
            "sublime to the ridiculous.",
          "Over-18s only. Booths seat four and come with table service.",
        ),
        eventType: "drag-show",
        venue: 15,
        day: 3,
        time: "19:00",
        minutes: 180,
        tickets: [
          { name: "Ticket", pricePence: 1000, capacity: 140 },
          { name: "Booth seat", pricePence: 1800, capacity: 20, description: "Reserved seating with table service" },
        ],
        scenario: "sold-out",
        host: "host",
      },
      {
        name: "Eighties Fancy Dress Disco",
        summary: "Shoulder pads encouraged, prizes for the best costume.",
        description: paras(
          "Five hours of the decade's biggest hits, from synth-pop to stadium rock. Prizes for the best costume at " +
            "midnight.",
          "Early birds save a few quid; once they are gone, they are gone.",
        ),
        eventType: "fancy-dress",
        venue: 8,
        day: 24,
        time: "21:00",
        minutes: 300,
        tickets: [
          { name: "Early bird", pricePence: 500, capacity: 80 },
          { name: "General admission", pricePence: 800, capacity: 220 },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Cocktail Masterclass: Three Classics",
        summary: "Shake three classics with a bartender who cares.",
        description: paras(
          "Learn to make a daiquiri, a negroni and an espresso martini properly, then drink your homework.",
          "All equipment and ingredients are provided. Over-18s only.",
        ),
        eventType: "cocktails",
        venue: 4,
        day: 15,
        time: "18:30",
        minutes: 120,
        tickets: [{ name: "Place", pricePence: 2800, capacity: 20 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Cabaret and Roast",
        summary: "Song, burlesque and a bit of magic over a roast dinner.",
        description: paras(
          "A long, lazy afternoon of cabaret: torch songs, burlesque and close-up magic between the courses.",
          "Book the show on its own or with a roast dinner (vegetarian option available).",
        ),
        eventType: "cabaret",
        venue: 10,
        day: 45,
        time: "14:00",
        minutes: 180,
        tickets: [
          { name: "Show only", pricePence: 1200, capacity: 30 },
          { name: "Show and roast dinner", pricePence: 2800, capacity: 30 },
        ],
        scenario: "upcoming",
        host: "host",
      },
    ],
  },
  {
    slug: "arts-culture-events",
    label: "Arts & Culture",
    eventTypes: ["museum-exhibitions", "galleries", "art-shows", "film-screenings", "theatre-plays", "poetry-readings"],
    events: [
      {
        name: "Cult Classics on the Big Screen",
        summary: "A much-loved eighties adventure film, projected in a Victorian theatre.",
        description: paras(
          "We are screening a much-loved eighties adventure in the grandest room we know. Quote along, cheer the " +
            "villain's downfall, bring a friend who has never seen it.",
          "The bar opens an hour before the film.",
        ),
        eventType: "film-screenings",
        venue: 1,
        day: 8,
        time: "19:00",
        minutes: 150,
        tickets: [
          { name: "Stalls", pricePence: 600, capacity: 96, section: "Stalls" },
          { name: "Circle", pricePence: 500, capacity: 60, section: "Circle" },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Poetry Slam Grand Final",
        summary: "Ten poets, three minutes each, one champion.",
        description: paras(
          "The ten poets who won this year's heats, three minutes each, no props and no music. Five judges picked " +
            "from the audience decide the champion.",
          "Expect to laugh, and possibly to cry.",
        ),
        eventType: "poetry-readings",
        venue: 12,
        day: 5,
        time: "19:30",
        minutes: 150,
        tickets: [{ name: "Ticket", pricePence: 700, capacity: 80 }],
        scenario: "sold-out",
        host: "host",
      },
      {
        name: "Open Studios: Meet the Makers",
        summary: "Meet local artists and see work in progress.",
        description: paras(
          "Twenty local painters, printmakers and ceramicists open their work to the public for the day. Most work " +
            "is for sale, and the artists are happy to talk about it.",
          "Free entry; booking helps us plan the tea urn.",
        ),
        eventType: "art-shows",
        venue: 5,
        day: 27,
        time: "11:00",
        minutes: 360,
        tickets: free(300, "Free entry"),
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Twelfth Night, Stripped Back",
        summary: "Shakespeare's comedy with eight actors and no scenery.",
        description: paras(
          "Eight actors, no set and a lot of running about: a fast, funny Twelfth Night for people who think they do " +
            "not like Shakespeare.",
          "Running time about two hours with an interval.",
        ),
        eventType: "theatre-plays",
        venue: 1,
        day: 58,
        time: "19:30",
        minutes: 150,
        tickets: [
          { name: "Stalls", pricePence: 1600, capacity: 96, section: "Stalls" },
          { name: "Circle", pricePence: 1200, capacity: 60, section: "Circle" },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Liverpool in Focus: Photography Private View",
        summary: "Opening night of a documentary photography show.",
        description: paras(
          "The opening of a year-long documentary project on the city's markets, docks and corner shops, shown among " +
            "the palms.",
          "The photographers will be there to talk about the work.",
        ),
        eventType: "galleries",
        venue: 14,
        day: -12,
        time: "18:00",
        minutes: 180,
        tickets: free(150),
        scenario: "past",
        host: "host2",
      },
    ],
  },
  {
    slug: "sports-fitness-events",
    label: "Sports & Fitness",
    eventTypes: ["marathons", "football-matches", "yoga", "gym-sessions", "cycling"],
    events: [
      {
        name: "Sunrise Yoga in the Park",
        summary: "A gentle flow to start the day. Mats provided.",
        description: paras(
          "An hour of slow, breath-led yoga on the grass as the park wakes up. Suitable for complete beginners.",
          "Mats are provided; bring a layer, it can be chilly early on.",
        ),
        eventType: "yoga",
        venue: 2,
        day: 0,
        time: "07:00",
        minutes: 60,
        tickets: [{ name: "Mat space", pricePence: 800, capacity: 30 }],
        scenario: "ended-today",
        host: "host",
      },
      {
        name: "Five-a-side Football Tournament",
        summary: "Sixteen teams, one trophy, all abilities welcome.",
        description: paras(
          "A one-day five-a-side tournament: group games in the morning, knockouts after lunch. Teams of up to " +
            "seven, mixed teams welcome.",
          "Every team plays at least four matches.",
        ),
        eventType: "football-matches",
        venue: 9,
        day: 13,
        time: "10:00",
        minutes: 360,
        tickets: [{ name: "Team entry (up to 7 players)", pricePence: 3000, capacity: 16 }],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Couch to 10k Community Run",
        summary: "A friendly 10k with pacers for every speed.",
        description: paras(
          "Two laps of the park with pacers from 50 to 90 minutes, so nobody runs alone.",
          "Every finisher gets a medal and a banana. Juniors aged 11 to 16 run a single lap.",
        ),
        eventType: "marathons",
        venue: 2,
        day: 20,
        time: "09:00",
        minutes: 180,
        tickets: [
          { name: "Runner", pricePence: 1500, capacity: 400 },
          { name: "Junior runner (11–16)", pricePence: 500, capacity: 100 },
        ],
        scenario: "nearly-sold-out",
        host: "host",
      },
      {
        name: "No-Drop Social Ride",
        summary: "A relaxed 40km loop with a café stop. Nobody gets left behind.",
        description: paras(
          "Forty kilometres of lanes north of the city at a chatty pace, with a café stop at halfway.",
          "No-drop means we regroup at every junction. Helmets required.",
        ),
        eventType: "cycling",
        venue: 9,
        day: 16,
        time: "08:30",
        minutes: 240,
        tickets: free(40, "Rider"),
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "HIIT in the Park",
        summary: "Forty-five sweaty minutes with a qualified coach.",
        description: paras(
          "Short bursts, short rests, big results: a high-intensity session that every level can scale.",
          "Meet by the bandstand. We train whatever the weather.",
        ),
        eventType: "gym-sessions",
        venue: 2,
        day: 2,
        time: "18:30",
        minutes: 45,
        tickets: [{ name: "Drop-in", pricePence: 600, capacity: 25 }],
        scenario: "upcoming",
        host: "host",
      },
    ],
  },
  {
    slug: "food-drink-events",
    label: "Food & Drink",
    eventTypes: ["wine-beer-and-food-tasting", "cooking-classes", "food-fairs", "pop-ups", "craft-beer-festivals"],
    events: [
      {
        name: "Kelham Island Beer Festival",
        summary: "Forty cask and keg beers from independent Yorkshire breweries.",
        description: paras(
          "Forty beers from small Yorkshire breweries, most of them never poured in Sheffield before, plus ciders " +
            "and a few alcohol-free options.",
          "Entry includes a souvenir glass. Designated drivers get soft drinks all day.",
        ),
        eventType: "craft-beer-festivals",
        venue: 13,
        day: 34,
        time: "12:00",
        minutes: 480,
        tickets: [
          { name: "Entry with souvenir glass", pricePence: 1000, capacity: 250 },
          { name: "Designated driver", pricePence: 300, capacity: 30 },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Natural Wine Tasting",
        summary: "Six low-intervention wines and the stories behind them.",
        description: paras(
          "Six natural wines from small European growers, each with a little plate to match, introduced by a local " +
            "importer.",
          "Over-18s only.",
        ),
        eventType: "wine-beer-and-food-tasting",
        venue: 4,
        day: 11,
        time: "19:00",
        minutes: 120,
        tickets: [{ name: "Tasting", pricePence: 3500, capacity: 24 }],
        scenario: "nearly-sold-out",
        host: "host",
      },
      {
        name: "Night Market at the Palm House",
        summary: "Twenty street food traders, live music and heated seating.",
        description: paras(
          "Twenty of the city's best street food traders under the glass, with a DJ and a bar.",
          "Entry is free; food and drink are paid for at the stalls.",
        ),
        eventType: "food-fairs",
        venue: 14,
        day: 7,
        time: "17:00",
        minutes: 300,
        tickets: free(600, "Free entry"),
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Fresh Pasta Cooking Class",
        summary: "Make tagliatelle and ravioli from scratch, then eat it.",
        description: paras(
          "Mix, knead and roll your own dough, then shape tagliatelle and filled ravioli with a chef who learned in " +
            "Bologna.",
          "We finish by eating what we made. Vegetarian fillings available.",
        ),
        eventType: "cooking-classes",
        venue: 5,
        day: 25,
        time: "18:30",
        minutes: 150,
        tickets: [{ name: "Place", pricePence: 3500, capacity: 12 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Supper Club Pop-up",
        summary: "A five-course supper for friends-to-be, by invitation.",
        description: paras(
          "A five-course seasonal supper at one long table, cooked by two chefs between restaurants.",
          "This is an invitation-only event: share the link with your guests.",
        ),
        eventType: "pop-ups",
        venue: 11,
        day: 19,
        time: "19:30",
        minutes: 180,
        tickets: [{ name: "Seat at the table", pricePence: 3200, capacity: 30 }],
        scenario: "private",
        host: "host",
      },
    ],
  },
  {
    slug: "business-networking-events",
    label: "Business & Networking",
    eventTypes: ["conferences", "workshops", "meetups", "seminars", "job-fairs"],
    events: [
      {
        name: "Creative Freelancers Meetup",
        summary: "Swap tips, leads and horror stories over a drink.",
        description: paras(
          "An informal meetup for designers, writers, photographers and anyone else who invoices for a living.",
          "No pitches and no name badges, just good company.",
        ),
        eventType: "meetups",
        venue: 12,
        day: 10,
        time: "18:30",
        minutes: 150,
        tickets: free(60),
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Grassroots Venues Day",
        summary: "A day of talks on keeping small venues alive.",
        description: paras(
          "Venue owners, promoters and musicians on what keeps small venues open: licensing, energy bills, community " +
            "ownership and getting people through the door.",
          "Lunch and a closing showcase are included.",
        ),
        eventType: "conferences",
        venue: 3,
        day: 52,
        time: "09:30",
        minutes: 480,
        tickets: [
          { name: "Delegate", pricePence: 3500, capacity: 150 },
          { name: "Student or unwaged", pricePence: 1500, capacity: 50 },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Getting Your First Gig: Promoters' Q&A",
        summary: "Three Glasgow promoters on how to get booked.",
        description: paras(
          "Three promoters who book Glasgow's small stages explain what they look for, how to pitch and what not to " +
            "do.",
          "Bring your questions; the second hour is all Q&A.",
        ),
        eventType: "seminars",
        venue: 6,
        day: 28,
        time: "18:00",
        minutes: 120,
        tickets: [
          { name: "Ticket", pricePence: 500, capacity: 100 },
          {
            name: "Crew and friends",
            pricePence: 300,
            capacity: 10,
            kind: "private",
            description: "For volunteers and friends of the night",
          },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Hospitality Jobs Fair",
        summary: "Meet thirty local employers hiring now.",
        description: paras(
          "Thirty Leeds pubs, restaurants, venues and hotels with jobs to fill, from kitchen porter to general " +
            "manager.",
          "Bring a few copies of your CV. Free CV checks all day.",
        ),
        eventType: "job-fairs",
        venue: 8,
        day: 36,
        time: "10:00",
        minutes: 360,
        tickets: free(400),
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Marketing for Small Venues",
        summary: "Practical social media and email tactics.",
        description: paras(
          "A hands-on morning on selling tickets without a marketing budget: mailing lists, social posts that work " +
            "and listings people actually read.",
          "Bring a laptop and your next event.",
        ),
        eventType: "workshops",
        venue: 4,
        day: -20,
        time: "10:00",
        minutes: 240,
        tickets: [{ name: "Place", pricePence: 2000, capacity: 30 }],
        scenario: "past",
        host: "host",
      },
    ],
  },
  {
    slug: "charity-fundraising-events",
    label: "Charity & Fundraising",
    eventTypes: ["benefit-concerts", "charity-runs", "auctions", "galas", "charity-walks"],
    events: [
      {
        name: "Benefit Gig for the Food Bank",
        summary: "Four bands playing for free; every penny goes to the food bank.",
        description: paras(
          "Four local bands give their time so that every penny of your ticket goes to the city's food bank.",
          "Pay what you can above the minimum. Donations of tins and toiletries are welcome at the door.",
        ),
        eventType: "benefit-concerts",
        venue: 8,
        day: 14,
        time: "19:00",
        minutes: 240,
        tickets: [
          {
            name: "Pay what you wish",
            pricePence: 500,
            capacity: 250,
            payWhatYouWish: true,
            description: "Pay the minimum or more: it all goes to the food bank",
          },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Midnight Memory Walk",
        summary: "Ten miles through the city after dark, for dementia research.",
        description: paras(
          "Ten miles through the sleeping city, starting and finishing in the park, raising money for dementia " +
            "research.",
          "Pay what you wish above the minimum entry; hot drinks at the finish.",
        ),
        eventType: "charity-walks",
        venue: 2,
        day: 42,
        time: "23:00",
        minutes: 240,
        tickets: [
          {
            name: "Walker",
            pricePence: 1000,
            capacity: 800,
            payWhatYouWish: true,
            description: "Minimum £10; give more if you can",
          },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Art Auction for the Hospice",
        summary: "Bid on work by local artists, for the local hospice.",
        description: paras(
          "Forty pieces donated by Birmingham artists go under the hammer, with a silent auction running alongside.",
          "Entry includes a drink. Every penny raised goes to the hospice.",
        ),
        eventType: "auctions",
        venue: 12,
        day: 66,
        time: "19:00",
        minutes: 180,
        tickets: [{ name: "Entry", pricePence: 1000, capacity: 120 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Fancy Dress Fun Run for the Hospice",
        summary: "5k in fancy dress, medals for everyone.",
        description: paras(
          "One lap of the park in your silliest costume, for the hospice that cares for Liverpool families.",
          "Walkers, buggies and dogs on leads are all welcome.",
        ),
        eventType: "charity-runs",
        venue: 14,
        day: 23,
        time: "10:00",
        minutes: 120,
        tickets: [
          { name: "Adult", pricePence: 1200, capacity: 250 },
          { name: "Under 16", pricePence: 500, capacity: 100 },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Children's Ward Gala Dinner",
        summary: "Three courses and a raffle for the children's ward.",
        description: paras(
          "A three-course dinner, a raffle and a short set from a local choir, raising money for the children's ward.",
          "Sadly cancelled: everyone who booked has been refunded in full.",
        ),
        eventType: "galas",
        venue: 1,
        day: 17,
        time: "19:00",
        minutes: 240,
        tickets: [{ name: "Dinner ticket", pricePence: 3500, capacity: 120 }],
        scenario: "cancelled",
        host: "host",
      },
    ],
  },
  {
    slug: "community-events",
    label: "Community",
    eventTypes: ["street-festivals", "carnivals", "parades", "block-parties", "holiday-events", "pop-up-shopping"],
    events: [
      {
        name: "Womanby Street Festival",
        summary: "Free live music all day across the street's venues.",
        description: paras(
          "The street's venues open their doors from lunchtime, with bands, stalls and food all along the cobbles.",
          "Free entry, but book a ticket so we can keep numbers safe.",
        ),
        eventType: "street-festivals",
        venue: 11,
        day: 48,
        time: "11:00",
        minutes: 420,
        tickets: free(2000, "Free entry"),
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Roundhay Neighbourhood Picnic",
        summary: "Bring a dish, meet your neighbours.",
        description: paras(
          "A big shared picnic on the grass: bring a dish to share and a blanket, and we will bring games, music and " +
            "tea.",
          "Everyone welcome, especially if you have just moved in.",
        ),
        eventType: "block-parties",
        venue: 9,
        day: 22,
        time: "13:00",
        minutes: 300,
        tickets: free(200),
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Makers' Pop-up Market",
        summary: "Forty local makers: ceramics, prints, candles and more.",
        description: paras(
          "Forty independent makers under one roof, with a café and a kids' corner.",
          "General entry is free. Early entry gets you in an hour before the crowds.",
        ),
        eventType: "pop-up-shopping",
        venue: 5,
        day: 12,
        time: "10:00",
        minutes: 360,
        tickets: [
          { name: "Early entry", pricePence: 300, capacity: 80, description: "In an hour before everyone else" },
          { name: "General entry", pricePence: 0, capacity: 700 },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Steel Band Parade",
        summary: "Steel pans, costumes and dancing through the park.",
        description: paras(
          "Three steel bands and a hundred dancers in costume parade through the park, finishing with a jam by the " +
            "lake.",
          "Free and family friendly.",
        ),
        eventType: "parades",
        venue: 2,
        day: -3,
        time: "12:00",
        minutes: 240,
        tickets: free(3000),
        scenario: "past",
        host: "host",
      },
      {
        name: "Roundhay Community Carnival",
        summary: "Rides, stalls, dog show and a brass band.",
        description: paras(
          "A proper community carnival: fairground rides, a dog show, cake stalls and a brass band.",
          "Profits go to the park's friends group.",
        ),
        eventType: "carnivals",
        venue: 9,
        day: 77,
        time: "11:00",
        minutes: 360,
        tickets: [
          { name: "Family (2 adults, 2 children)", pricePence: 1500, capacity: 200 },
          { name: "Single entry", pricePence: 500, capacity: 300 },
        ],
        scenario: "upcoming",
        host: "host2",
      },
    ],
  },
  {
    slug: "education-training-events",
    label: "Education & Training",
    eventTypes: ["workshops", "webinars", "seminars", "training-courses", "certification-programs"],
    events: [
      {
        name: "Emergency First Aid for Event Staff",
        summary: "A recognised one-day emergency first aid certificate.",
        description: paras(
          "A one-day course for door staff, bar teams and volunteers, leading to a recognised Emergency First Aid at " +
            "Work certificate.",
          "Lunch is provided. Certificates are valid for three years.",
        ),
        eventType: "certification-programs",
        venue: 15,
        day: 26,
        time: "09:00",
        minutes: 420,
        tickets: [{ name: "Place", pricePence: 3500, capacity: 18 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Intro to Live Sound Engineering",
        summary: "Run a small PA with confidence.",
        description: paras(
          "A practical day on a real stage: microphones, gain, monitors and a line check, taught by the venue's own " +
            "engineers.",
          "No experience needed. Bring ear protection if you have it.",
        ),
        eventType: "training-courses",
        venue: 3,
        day: 33,
        time: "10:00",
        minutes: 300,
        tickets: [{ name: "Place", pricePence: 3500, capacity: 12 }],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Pottery Wheel Taster",
        summary: "Throw your first bowl with a patient potter.",
        description: paras(
          "Two and a half hours on the wheel with a patient potter: centring, opening and pulling up your first pots.",
          "We glaze and fire your best piece and you collect it a few weeks later.",
        ),
        eventType: "workshops",
        venue: 5,
        day: 9,
        time: "14:00",
        minutes: 150,
        tickets: [{ name: "Place", pricePence: 3500, capacity: 10 }],
        scenario: "nearly-sold-out",
        host: "host",
      },
      {
        name: "Public Speaking for Nervous Speakers",
        summary: "Overcome nerves and hold a room.",
        description: paras(
          "A comedian and a speech coach share the tricks that get them on stage: breathing, structure and what to " +
            "do when you lose your place.",
          "Nobody has to speak unless they want to.",
        ),
        eventType: "seminars",
        venue: 7,
        day: 88,
        time: "18:30",
        minutes: 120,
        tickets: [{ name: "Stalls", pricePence: 500, capacity: 50, section: "Stalls" }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Event Safety and Licensing Basics",
        summary: "Licensing, capacity and crowd safety basics.",
        description: paras(
          "A morning for first-time promoters on premises licences, capacity, stewarding and what the council will " +
            "ask you.",
          "Includes templates for a risk assessment and an event plan.",
        ),
        eventType: "training-courses",
        venue: 15,
        day: -25,
        time: "10:00",
        minutes: 180,
        tickets: [{ name: "Place", pricePence: 1500, capacity: 40 }],
        scenario: "past",
        host: "host",
      },
    ],
  },
  {
    slug: "online-events",
    label: "Online",
    eventTypes: [
      "webinars",
      "workshops",
      "conferences-or-summits",
      "virtual-trade-shows",
      "online-concerts",
      "virtual-networking",
      "online-classes",
    ],
    events: [
      {
        name: "Living Room Sessions: Live Stream",
        summary: "An intimate set streamed from a songwriter's front room.",
        description: paras(
          "An hour of new songs streamed live from a Manchester front room, with requests from the chat.",
          "Pay what you wish: the link arrives with your ticket.",
        ),
        eventType: "online-concerts",
        venue: null,
        day: 6,
        time: "20:00",
        minutes: 75,
        tickets: [{ name: "Pay what you wish", pricePence: 300, capacity: 1000, payWhatYouWish: true }],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Selling Out Your First Gig",
        summary: "Set up your first paid event in under an hour.",
        description: paras(
          "A practical webinar for first-time promoters: pricing, capacity, early birds and getting the word out.",
          "Free, with live Q&A at the end. The recording is sent to everyone who books.",
        ),
        eventType: "webinars",
        venue: null,
        day: 4,
        time: "13:00",
        minutes: 60,
        tickets: free(500),
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Virtual Networking for Promoters",
        summary: "Speed-networking rooms for gig promoters.",
        description: paras(
          "Ten-minute breakout rooms that pair promoters, bookers and venue managers from across the UK.",
          "Cameras on if you can: it makes all the difference.",
        ),
        eventType: "virtual-networking",
        venue: null,
        day: 0,
        time: "18:00",
        minutes: 90,
        tickets: [{ name: "Ticket", pricePence: 300, capacity: 200 }],
        scenario: "today",
        host: "host",
      },
      {
        name: "Online Songwriting Masterclass",
        summary: "Lyrics, melody and honest feedback from a working songwriter.",
        description: paras(
          "A ninety-minute online class on turning an idea into a finished song, with feedback on a handful of demos " +
            "sent in advance.",
          "Send your demo when you book if you would like it considered.",
        ),
        eventType: "online-classes",
        venue: null,
        day: 29,
        time: "19:00",
        minutes: 90,
        tickets: [{ name: "Place", pricePence: 1500, capacity: 40 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Grassroots Summit: Planning Call",
        summary: "Draft agenda for next year's summit.",
        description: paras(
          "An open call to shape next year's grassroots summit: themes, speakers and where to hold it.",
        ),
        eventType: "conferences-or-summits",
        venue: null,
        day: 38,
        time: "11:00",
        minutes: 60,
        tickets: free(50),
        scenario: "draft",
        host: "host",
      },
    ],
  },
  {
    slug: "kids-events",
    label: "Kids",
    eventTypes: [
      "workshops",
      "games-and-activities",
      "music-or-performance",
      "classes",
      "health-and-wellness",
      "travel-and-outdoors",
      "others",
    ],
    events: [
      {
        name: "Messy Art Morning",
        summary: "Paint, glue and glitter for ages 3 to 7.",
        description: paras(
          "Ninety minutes of gloriously messy painting, printing and sticking for ages 3 to 7.",
          "Aprons provided, but wear clothes you do not mind ruining. One grown-up per child, free.",
        ),
        eventType: "workshops",
        venue: 5,
        day: 3,
        time: "10:00",
        minutes: 90,
        tickets: [
          { name: "Child (3–7)", pricePence: 500, capacity: 24 },
          { name: "Grown-up", pricePence: 0, capacity: 24 },
        ],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Kids' Disco",
        summary: "Bubbles, glow sticks and the music they actually like.",
        description: paras(
          "A proper disco for under-12s: bubble machine, glow sticks, party games and a DJ who takes requests.",
          "Grown-ups go free and the bar serves coffee.",
        ),
        eventType: "music-or-performance",
        venue: 15,
        day: 10,
        time: "15:00",
        minutes: 120,
        tickets: [
          { name: "Child", pricePence: 400, capacity: 80 },
          { name: "Grown-up", pricePence: 0, capacity: 40 },
        ],
        scenario: "sold-out",
        host: "host",
      },
      {
        name: "Family Treasure Hunt",
        summary: "Clues, riddles and a chocolate prize around the park.",
        description: paras(
          "Follow the clues around the park and the Palm House to find the hidden treasure. Teams are families of " +
            "any size.",
          "Pay what you wish per family; the money funds the park's nature trail.",
        ),
        eventType: "games-and-activities",
        venue: 14,
        day: 17,
        time: "11:00",
        minutes: 120,
        tickets: [
          {
            name: "Family",
            pricePence: 300,
            capacity: 60,
            payWhatYouWish: true,
            description: "One ticket per family, pay what you wish",
          },
        ],
        scenario: "upcoming",
        host: "host2",
      },
      {
        name: "Junior Science in the Park",
        summary: "Slime, volcanoes and rockets for curious minds.",
        description: paras(
          "Hands-on experiments for ages 7 to 11: fizzing volcanoes, home-made slime and a bottle-rocket launch to " +
            "finish.",
          "Parents are welcome to stay and watch.",
        ),
        eventType: "classes",
        venue: 2,
        day: 31,
        time: "10:30",
        minutes: 90,
        tickets: [{ name: "Child place", pricePence: 800, capacity: 20 }],
        scenario: "upcoming",
        host: "host",
      },
      {
        name: "Jungle Explorers Birthday Party",
        summary: "A private party for invited families among the palms.",
        description: paras(
          "A jungle-themed birthday party among the palms, with a nature trail and a picnic.",
          "Private event: tickets are for invited families only.",
        ),
        eventType: "travel-and-outdoors",
        venue: 14,
        day: 11,
        time: "13:00",
        minutes: 180,
        tickets: free(30, "Invited guest"),
        scenario: "private",
        host: "host2",
      },
    ],
  },
];
