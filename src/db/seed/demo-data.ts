/** Demo data: real UK venues and sixty grassroots events, five in each of the spec's 12 categories. */

export interface VenueSeed {
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  lat: number;
  lng: number;
  seatRows?: number;
  seatColumns?: number;
}

export const VENUES: VenueSeed[] = [
  { name: "The Windmill Brixton", addressLine1: "22 Blenheim Gardens", city: "London", postcode: "SW2 5BZ", lat: 51.4484, lng: -0.119 },
  { name: "The Lexington", addressLine1: "96-98 Pentonville Road", city: "London", postcode: "N1 9JB", lat: 51.5317, lng: -0.1105 },
  { name: "Band on the Wall", addressLine1: "25 Swan Street", city: "Manchester", postcode: "M4 5JZ", lat: 53.4856, lng: -2.2362 },
  { name: "The Louisiana", addressLine1: "Wapping Road", city: "Bristol", postcode: "BS1 4RW", lat: 51.4476, lng: -2.5952 },
  { name: "King Tut's Wah Wah Hut", addressLine1: "272A St Vincent Street", city: "Glasgow", postcode: "G2 5RL", lat: 55.8627, lng: -4.265 },
  { name: "Brudenell Social Club", addressLine1: "33 Queen's Road", city: "Leeds", postcode: "LS6 1NY", lat: 53.8172, lng: -1.5739 },
  { name: "The Prince Albert", addressLine1: "48 Trafalgar Street", city: "Brighton", postcode: "BN1 4ED", lat: 50.8285, lng: -0.1405 },
  { name: "Clwb Ifor Bach", addressLine1: "11 Womanby Street", city: "Cardiff", postcode: "CF10 1BR", lat: 51.4797, lng: -3.1795 },
  { name: "Summerhall", addressLine1: "1 Summerhall", city: "Edinburgh", postcode: "EH9 1PL", lat: 55.9412, lng: -3.1826 },
  { name: "The Sunflower Lounge", addressLine1: "76 Smallbrook Queensway", city: "Birmingham", postcode: "B5 4EG", lat: 52.4762, lng: -1.8979 },
  { name: "The Leadmill", addressLine1: "6 Leadmill Road", city: "Sheffield", postcode: "S1 4SE", lat: 53.3775, lng: -1.4648 },
  { name: "The Jacaranda", addressLine1: "21-23 Slater Street", city: "Liverpool", postcode: "L1 4BW", lat: 53.4021, lng: -2.9799 },
  { name: "Rock City", addressLine1: "8 Talbot Street", city: "Nottingham", postcode: "NG1 5GG", lat: 52.9557, lng: -1.1527 },
  { name: "Hackney Empire", addressLine1: "291 Mare Street", city: "London", postcode: "E8 1EJ", lat: 51.5454, lng: -0.0556, seatRows: 10, seatColumns: 16 },
];

/** What an event demonstrates in the demo. Stock and dates follow from it. */
export type Scenario = "upcoming" | "past" | "today" | "today-ended" | "sold-out" | "nearly-sold-out" | "private" | "cancelled" | "draft";

export interface EventSeed {
  name: string;
  eventType: string;
  summary: string;
  /** Face value in pence; 0 is free. For pay-what-you-wish, the minimum. */
  pricePence: number;
  payWhatYouWish?: boolean;
  capacity: number;
  /** London wall-clock start, HH:MM, and length in minutes. */
  time: string;
  minutes: number;
  scenario: Scenario;
  /** Days from today (negative: past). Ignored for today's scenarios. */
  day: number;
  venue: number | "online";
  host: "host" | "host2";
}

export interface CategorySeed {
  slug: string;
  label: string;
  /** Two brand-friendly colours for generated covers. */
  palette: [string, string];
  events: EventSeed[];
}

export const CATEGORIES: CategorySeed[] = [
  {
    slug: "music-events",
    label: "Music",
    palette: ["#c8175f", "#5b21b6"],
    events: [
      { name: "Basement Sessions: Three Bands, One Stage", eventType: "live-bands", summary: "Three up-and-coming guitar bands in a sweaty basement.", pricePence: 800, capacity: 150, time: "19:30", minutes: 240, scenario: "today", day: 0, venue: 1, host: "host" },
      { name: "Northern Soul All-Nighter", eventType: "dj-nights", summary: "Spin, clap and backdrop till the small hours.", pricePence: 1200, capacity: 300, time: "21:00", minutes: 360, scenario: "sold-out", day: 9, venue: 2, host: "host2" },
      { name: "Acoustic Open Mic at the Tavern", eventType: "open-mic", summary: "Bring a song, a guitar, or just your ears.", pricePence: 300, capacity: 60, time: "20:00", minutes: 180, scenario: "nearly-sold-out", day: 4, venue: 6, host: "host" },
      { name: "Jazz Quartet Late Show", eventType: "concerts", summary: "Standards and originals from a local quartet.", pricePence: 1500, capacity: 120, time: "21:30", minutes: 120, scenario: "upcoming", day: 18, venue: 2, host: "host" },
      { name: "Folk Night Round the Fire", eventType: "gigs", summary: "Fiddles, shanties and a proper singalong.", pricePence: 700, capacity: 80, time: "19:30", minutes: 180, scenario: "past", day: -6, venue: 5, host: "host2" },
    ],
  },
  {
    slug: "comedy-events",
    label: "Comedy",
    palette: ["#f59e0b", "#c8175f"],
    events: [
      { name: "Laughing Stock: New Material Night", eventType: "stand-up", summary: "Five comics try out brand new jokes on you.", pricePence: 500, capacity: 90, time: "20:00", minutes: 120, scenario: "today", day: 0, venue: 0, host: "host" },
      { name: "Improv Jam: Anything Goes", eventType: "improv", summary: "Your suggestions, their quick wits, no script.", pricePence: 900, capacity: 70, time: "19:45", minutes: 90, scenario: "sold-out", day: 6, venue: 8, host: "host" },
      { name: "Comedy Club Headliner Special", eventType: "shows", summary: "A touring headliner with two support acts.", pricePence: 1800, capacity: 200, time: "20:00", minutes: 150, scenario: "nearly-sold-out", day: 12, venue: 13, host: "host2" },
      { name: "Stand-up Workshop for Beginners", eventType: "workshops", summary: "Write and perform your first five minutes.", pricePence: 2500, capacity: 16, time: "14:00", minutes: 180, scenario: "upcoming", day: 21, venue: 9, host: "host" },
      { name: "Funny Women Heat Night", eventType: "competitions", summary: "Eight acts compete for a place in the final.", pricePence: 600, capacity: 100, time: "19:30", minutes: 150, scenario: "upcoming", day: 30, venue: 7, host: "host2" },
    ],
  },
  {
    slug: "pubs-clubs-events",
    label: "Pubs & Clubs",
    palette: ["#0f766e", "#1e3a8a"],
    events: [
      { name: "The Big Thursday Pub Quiz", eventType: "quiz-night", summary: "Teams of up to six, a £50 bar tab for the winners.", pricePence: 200, capacity: 72, time: "20:00", minutes: 150, scenario: "today", day: 0, venue: 6, host: "host" },
      { name: "Drag Bingo Extravaganza", eventType: "drag-show", summary: "Eyes down, wigs up: bingo with a glittering host.", pricePence: 1000, capacity: 120, time: "19:00", minutes: 180, scenario: "sold-out", day: 3, venue: 11, host: "host2" },
      { name: "Eighties Fancy Dress Night", eventType: "fancy-dress", summary: "Shoulder pads encouraged, prizes for the best costume.", pricePence: 500, capacity: 250, time: "21:00", minutes: 300, scenario: "upcoming", day: 24, venue: 10, host: "host2" },
      { name: "Cocktail Masterclass", eventType: "cocktails", summary: "Shake three classics with a bartender who cares.", pricePence: 2800, capacity: 20, time: "18:30", minutes: 120, scenario: "upcoming", day: 15, venue: 3, host: "host" },
      { name: "Cabaret Sundays", eventType: "cabaret", summary: "Song, burlesque and a bit of magic over Sunday roast.", pricePence: 1400, capacity: 90, time: "15:00", minutes: 180, scenario: "upcoming", day: 45, venue: 0, host: "host" },
    ],
  },
  {
    slug: "arts-culture-events",
    label: "Arts & Culture",
    palette: ["#7c3aed", "#db2777"],
    events: [
      { name: "Cult Classics Film Screening", eventType: "film-screenings", summary: "A much-loved eighties classic on the big screen.", pricePence: 600, capacity: 140, time: "19:00", minutes: 150, scenario: "upcoming", day: 8, venue: 8, host: "host" },
      { name: "Poetry Slam Grand Final", eventType: "poetry-readings", summary: "Ten poets, three minutes each, one champion.", pricePence: 700, capacity: 80, time: "19:30", minutes: 150, scenario: "sold-out", day: 5, venue: 11, host: "host2" },
      { name: "Local Artists Open Studios", eventType: "art-shows", summary: "Meet the makers and see work in progress.", pricePence: 0, capacity: 400, time: "11:00", minutes: 360, scenario: "upcoming", day: 27, venue: 8, host: "host" },
      { name: "Shakespeare in the Back Room", eventType: "theatre-plays", summary: "A stripped-back Twelfth Night, eight actors, one room.", pricePence: 1600, capacity: 64, time: "19:30", minutes: 140, scenario: "upcoming", day: 40, venue: 13, host: "host" },
      { name: "Photography Exhibition Preview", eventType: "galleries", summary: "Private view of a documentary photography show.", pricePence: 0, capacity: 150, time: "18:00", minutes: 180, scenario: "past", day: -12, venue: 9, host: "host2" },
    ],
  },
  {
    slug: "sports-fitness-events",
    label: "Sports & Fitness",
    palette: ["#16a34a", "#0e7490"],
    events: [
      { name: "Sunrise Yoga by the River", eventType: "yoga", summary: "A gentle flow to start the day. Mats provided.", pricePence: 800, capacity: 30, time: "07:00", minutes: 60, scenario: "today-ended", day: 0, venue: 3, host: "host2" },
      { name: "5-a-side Football Tournament", eventType: "football-matches", summary: "Sixteen teams, one trophy, all abilities welcome.", pricePence: 3000, capacity: 16, time: "10:00", minutes: 360, scenario: "upcoming", day: 13, venue: 10, host: "host" },
      { name: "Couch to 10k Community Run", eventType: "marathons", summary: "A friendly 10k with pacers for every speed.", pricePence: 1500, capacity: 500, time: "09:00", minutes: 180, scenario: "nearly-sold-out", day: 20, venue: 5, host: "host2" },
      { name: "Cycle Club Social Ride", eventType: "cycling", summary: "A no-drop 40km loop with a café stop.", pricePence: 0, capacity: 40, time: "08:30", minutes: 240, scenario: "upcoming", day: 16, venue: 3, host: "host" },
      { name: "HIIT in the Park", eventType: "gym-sessions", summary: "Forty-five sweaty minutes with a qualified coach.", pricePence: 600, capacity: 25, time: "18:30", minutes: 45, scenario: "upcoming", day: 2, venue: 0, host: "host" },
    ],
  },
  {
    slug: "food-drink-events",
    label: "Food & Drink",
    palette: ["#ea580c", "#b91c1c"],
    events: [
      { name: "Craft Beer Festival", eventType: "craft-beer-festivals", summary: "Forty independent breweries under one roof.", pricePence: 1200, capacity: 600, time: "12:00", minutes: 480, scenario: "upcoming", day: 34, venue: 12, host: "host2" },
      { name: "Natural Wine Tasting", eventType: "wine-tasting", summary: "Six low-intervention wines and the stories behind them.", pricePence: 3500, capacity: 24, time: "19:00", minutes: 120, scenario: "nearly-sold-out", day: 11, venue: 7, host: "host" },
      { name: "Street Food Night Market", eventType: "food-fairs", summary: "Twenty traders, live DJ, heated seating.", pricePence: 0, capacity: 1000, time: "17:00", minutes: 300, scenario: "upcoming", day: 7, venue: 11, host: "host2" },
      { name: "Fresh Pasta Cooking Class", eventType: "cooking-classes", summary: "Make tagliatelle and ravioli from scratch, then eat it.", pricePence: 4500, capacity: 12, time: "18:30", minutes: 150, scenario: "upcoming", day: 25, venue: 1, host: "host" },
      { name: "Supper Club Pop-up", eventType: "pop-ups", summary: "A secret-location five-course supper for friends-to-be.", pricePence: 3200, capacity: 30, time: "19:30", minutes: 180, scenario: "private", day: 19, venue: 8, host: "host" },
    ],
  },
  {
    slug: "business-networking-events",
    label: "Business & Networking",
    palette: ["#1d4ed8", "#0f172a"],
    events: [
      { name: "Creative Freelancers Meetup", eventType: "meetups", summary: "Swap tips, leads and horror stories over a drink.", pricePence: 0, capacity: 60, time: "18:30", minutes: 150, scenario: "upcoming", day: 10, venue: 9, host: "host" },
      { name: "Grassroots Venues Conference", eventType: "conferences", summary: "A day of talks on keeping small venues alive.", pricePence: 3500, capacity: 200, time: "09:30", minutes: 480, scenario: "upcoming", day: 52, venue: 13, host: "host2" },
      { name: "Pitch Night for Local Startups", eventType: "seminars", summary: "Six founders, five minutes each, real investors.", pricePence: 500, capacity: 100, time: "18:00", minutes: 150, scenario: "upcoming", day: 28, venue: 2, host: "host" },
      { name: "Hospitality Jobs Fair", eventType: "job-fairs", summary: "Meet thirty local employers hiring now.", pricePence: 0, capacity: 500, time: "10:00", minutes: 360, scenario: "upcoming", day: 36, venue: 10, host: "host2" },
      { name: "Marketing for Small Venues", eventType: "workshops", summary: "Practical social media and email tactics.", pricePence: 2000, capacity: 30, time: "10:00", minutes: 240, scenario: "past", day: -20, venue: 4, host: "host" },
    ],
  },
  {
    slug: "charity-fundraising-events",
    label: "Charity & Fundraising",
    palette: ["#be185d", "#9333ea"],
    events: [
      { name: "Benefit Gig for the Food Bank", eventType: "benefit-concerts", summary: "Four bands playing for free; every penny goes to the food bank.", pricePence: 500, payWhatYouWish: true, capacity: 250, time: "19:00", minutes: 240, scenario: "upcoming", day: 14, venue: 5, host: "host2" },
      { name: "Midnight Charity Walk", eventType: "charity-walks", summary: "Ten miles through the city after dark.", pricePence: 1000, payWhatYouWish: true, capacity: 800, time: "23:00", minutes: 240, scenario: "upcoming", day: 42, venue: 0, host: "host" },
      { name: "Silent Auction and Gala", eventType: "auctions", summary: "Bid on art, experiences and a signed guitar.", pricePence: 4000, capacity: 150, time: "19:00", minutes: 240, scenario: "upcoming", day: 60, venue: 13, host: "host" },
      { name: "Fun Run for the Hospice", eventType: "charity-runs", summary: "5k in fancy dress, medals for everyone.", pricePence: 0, capacity: 300, time: "10:00", minutes: 120, scenario: "upcoming", day: 23, venue: 3, host: "host2" },
      { name: "Winter Gala Dinner", eventType: "galas", summary: "Three courses and a raffle for the children's ward.", pricePence: 5500, capacity: 120, time: "19:00", minutes: 240, scenario: "cancelled", day: 17, venue: 9, host: "host" },
    ],
  },
  {
    slug: "community-events",
    label: "Community",
    palette: ["#059669", "#ca8a04"],
    events: [
      { name: "Summer Street Festival", eventType: "street-festivals", summary: "Stalls, music and games across three streets.", pricePence: 0, capacity: 2000, time: "11:00", minutes: 420, scenario: "upcoming", day: 48, venue: 6, host: "host" },
      { name: "Neighbourhood Block Party", eventType: "block-parties", summary: "Bring a dish, meet your neighbours.", pricePence: 0, capacity: 200, time: "13:00", minutes: 300, scenario: "upcoming", day: 22, venue: 0, host: "host2" },
      { name: "Christmas Lights Switch-on", eventType: "holiday-events", summary: "Carols, mulled apple juice and a countdown.", pricePence: 0, capacity: 1500, time: "17:00", minutes: 150, scenario: "upcoming", day: 5, venue: 11, host: "host" },
      { name: "Makers' Pop-up Market", eventType: "pop-up-shopping", summary: "Forty local makers: ceramics, prints, candles and more.", pricePence: 200, capacity: 800, time: "10:00", minutes: 360, scenario: "upcoming", day: 12, venue: 7, host: "host2" },
      { name: "Carnival Steel Band Parade", eventType: "parades", summary: "Steel pans, costumes and dancing through the park.", pricePence: 0, capacity: 3000, time: "12:00", minutes: 240, scenario: "past", day: -3, venue: 13, host: "host" },
    ],
  },
  {
    slug: "education-training-events",
    label: "Education & Training",
    palette: ["#0369a1", "#4f46e5"],
    events: [
      { name: "First Aid for Event Staff", eventType: "certification-programs", summary: "A recognised one-day first aid certificate.", pricePence: 6500, capacity: 18, time: "09:00", minutes: 420, scenario: "upcoming", day: 26, venue: 9, host: "host" },
      { name: "Intro to Sound Engineering", eventType: "training-courses", summary: "Run a small PA with confidence.", pricePence: 4000, capacity: 12, time: "10:00", minutes: 300, scenario: "upcoming", day: 33, venue: 2, host: "host2" },
      { name: "Pottery Wheel Taster", eventType: "workshops", summary: "Throw your first bowl with a patient potter.", pricePence: 3500, capacity: 8, time: "14:00", minutes: 150, scenario: "nearly-sold-out", day: 9, venue: 3, host: "host" },
      { name: "Public Speaking Seminar", eventType: "seminars", summary: "Overcome nerves and hold a room.", pricePence: 0, capacity: 50, time: "18:30", minutes: 120, scenario: "upcoming", day: 15, venue: 12, host: "host2" },
      { name: "Event Safety Briefing", eventType: "training-courses", summary: "Licensing, capacity and crowd safety basics.", pricePence: 1500, capacity: 40, time: "10:00", minutes: 180, scenario: "past", day: -25, venue: 10, host: "host" },
    ],
  },
  {
    slug: "online-events",
    label: "Online",
    palette: ["#6d28d9", "#0891b2"],
    events: [
      { name: "Live-streamed Living Room Concert", eventType: "online-concerts", summary: "An intimate set streamed from a songwriter's front room.", pricePence: 300, payWhatYouWish: true, capacity: 1000, time: "20:00", minutes: 75, scenario: "upcoming", day: 6, venue: "online", host: "host2" },
      { name: "Ticketing for Beginners Webinar", eventType: "webinars", summary: "Set up your first paid event in under an hour.", pricePence: 0, capacity: 500, time: "13:00", minutes: 60, scenario: "upcoming", day: 4, venue: "online", host: "host" },
      { name: "Virtual Networking for Promoters", eventType: "virtual-networking", summary: "Speed-networking rooms for gig promoters.", pricePence: 0, capacity: 200, time: "17:30", minutes: 90, scenario: "upcoming", day: 20, venue: "online", host: "host2" },
      { name: "Online Songwriting Class", eventType: "online-classes", summary: "Four weeks of lyrics, melody and feedback.", pricePence: 4000, capacity: 20, time: "19:00", minutes: 90, scenario: "upcoming", day: 29, venue: "online", host: "host" },
      { name: "Grassroots Summit Planning Call", eventType: "conferences-or-summits", summary: "Draft agenda for next year's summit.", pricePence: 0, capacity: 50, time: "11:00", minutes: 60, scenario: "draft", day: 38, venue: "online", host: "host" },
    ],
  },
  {
    slug: "kids-events",
    label: "Kids",
    palette: ["#f97316", "#ec4899"],
    events: [
      { name: "Messy Art Morning", eventType: "workshops", summary: "Paint, glue and glitter for ages 3 to 7.", pricePence: 500, capacity: 24, time: "10:00", minutes: 90, scenario: "upcoming", day: 3, venue: 6, host: "host" },
      { name: "Kids' Disco", eventType: "music-or-performance", summary: "Bubbles, glow sticks and the music they actually like.", pricePence: 400, capacity: 120, time: "15:00", minutes: 120, scenario: "upcoming", day: 10, venue: 12, host: "host2" },
      { name: "Family Treasure Hunt", eventType: "games-and-activities", summary: "Clues, riddles and a chocolate prize.", pricePence: 0, capacity: 100, time: "11:00", minutes: 120, scenario: "upcoming", day: 17, venue: 3, host: "host" },
      { name: "Junior Science Club", eventType: "classes", summary: "Slime, volcanoes and rockets for curious minds.", pricePence: 800, capacity: 20, time: "10:30", minutes: 90, scenario: "upcoming", day: 31, venue: 9, host: "host2" },
      { name: "Birthday Party at the Farm", eventType: "travel-and-outdoors", summary: "A private party booking for invited families.", pricePence: 0, capacity: 30, time: "13:00", minutes: 180, scenario: "private", day: 11, venue: 4, host: "host" },
    ],
  },
];
