import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CampaignBlock } from "../domain/campaigns";
import { CONTENT_KINDS, CONTENT_STATUSES } from "../domain/content-posts";
import type { EventQuestion } from "../domain/event-questions";
import type { SocialLinks } from "../domain/host-profile";

/** PostgreSQL's full-text document type; written only by the database's own triggers. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Access needs as stored (src/domain/access-needs.ts reads them back, keeping only needs still offered). */
export type StoredAccessNeeds = { needs: string[]; notes: string };

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => tz("created_at").notNull().defaultNow();
const updatedAt = () => tz("updated_at").notNull().defaultNow();

/* ---------- Accounts (the shape better-auth 1.6 expects, plus our profile fields) ---------- */

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    userType: text("user_type", { enum: ["buyer", "host"] })
      .notNull()
      .default("buyer"),
    username: text("username").unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    hostTitle: text("host_title"),
    phone: text("phone"),
    bio: text("bio"),
    coverImage: text("cover_image"),
    isVerified: boolean("is_verified").notNull().default(false),
    /** Staff see operational pages (failed emails, support requests). */
    isStaff: boolean("is_staff").notNull().default(false),
    marketingGeneral: boolean("marketing_general").notNull().default(false),
    marketingVenues: boolean("marketing_venues").notNull().default(false),
    /** Host notification preferences (notificationEmailPreferences.hosting in the spec). */
    notifyEventSummaries: boolean("notify_event_summaries").notNull().default(true),
    notifyMonthlySummaries: boolean("notify_monthly_summaries").notNull().default(true),
    showGuestsOnEventDetail: boolean("show_guests_on_event_detail").notNull().default(false),
    /** Hosts: whether buyers pay the booking fee on top ("pass") or the host absorbs it. */
    feeMode: text("fee_mode", { enum: ["pass", "absorb"] })
      .notNull()
      .default("pass"),
    /** Spec §4: set while the person is on any event's waitlist (true on joining, false once on none). */
    waitlistRequest: boolean("waitlist_request").notNull().default(false),
    /** The day-before reminder for events they have tickets to; a one-click unsubscribe turns it off. */
    notifyEventReminders: boolean("notify_event_reminders").notNull().default(true),
    /** Set when a buyer deleted their account: the row stays, anonymised, so hosts keep their order records. */
    deletedAt: tz("deleted_at"),
    /** Private: copied to an order only when the buyer chooses to share it with that order's host. */
    accessNeeds: jsonb("access_needs").$type<StoredAccessNeeds>(),
    /**
     * When they agreed to the terms of use at sign-up, and which terms: the 'Last updated' day of
     * content/pages/legal/terms-of-use.md then. Null for accounts made before it was recorded.
     */
    termsAcceptedAt: tz("terms_accepted_at"),
    termsVersion: text("terms_version"),
  },
  (t) => [check("user_username_format", sql`${t.username} ~ '^[a-z0-9_-]+$'`)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: tz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: tz("access_token_expires_at"),
    refreshTokenExpiresAt: tz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: tz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * Relations better-auth's adapter joins on (experimental.joins): a session is looked up with its
 * user in one query, on every request that carries a session cookie.
 */
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

/* ---------- Partner Studio: who may act for a host ---------- */

export const HOST_ROLES = ["owner", "manager", "scanner"] as const;
export type HostRole = (typeof HOST_ROLES)[number];

/**
 * The people a host has let act for them in Partner Studio, with their role (decision 0028). The host's
 * own account is its owner without a row (userType 'host'), so no row names the host itself.
 */
export const hostMember = pgTable(
  "host_member",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: HOST_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("host_member_host_user").on(t.hostId, t.userId),
    index("host_member_user_idx").on(t.userId),
    check("host_member_role", sql`${t.role} in ('owner', 'manager', 'scanner')`),
    check("host_member_not_self", sql`${t.hostId} <> ${t.userId}`),
  ],
);

/**
 * An invitation to join a host's team by email (issue 19). The link carries a random token; only its
 * hash is kept. It is open until accepted, revoked or past `expires_at`; a host has at most one open
 * invitation per address (an expired one is replaced when the address is invited again).
 */
export const hostInvitation = pgTable(
  "host_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case, as invited; the person accepting must be signed in with it. */
    email: text("email").notNull(),
    role: text("role", { enum: HOST_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: tz("expires_at").notNull(),
    acceptedAt: tz("accepted_at"),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: tz("revoked_at"),
  },
  (t) => [
    uniqueIndex("host_invitation_one_open")
      .on(t.hostId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    check("host_invitation_role", sql`${t.role} in ('owner', 'manager', 'scanner')`),
    check("host_invitation_email_lower", sql`${t.email} = lower(${t.email})`),
    check("host_invitation_one_end", sql`${t.acceptedAt} is null or ${t.revokedAt} is null`),
  ],
);

/* ---------- Venues, events and ticket types ---------- */

export const venue = pgTable(
  "venue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    addressLine1: text("address_line1").notNull(),
    city: text("city").notNull(),
    postcode: text("postcode").notNull(),
    formattedAddress: text("formatted_address").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** Seat plan as rows × columns; null when the venue is unseated. */
    seatRows: integer("seat_rows"),
    seatColumns: integer("seat_columns"),
    /** The most people it holds, as its host says; null for venues saved before hosts gave one. */
    capacity: integer("capacity"),
    /**
     * Access information, each true (yes), false (no) or null (not said), and the host's own words:
     * shown once on every event page at the venue when any of it is given.
     */
    accessStepFree: boolean("access_step_free"),
    accessToilets: boolean("access_toilets"),
    accessHearingLoop: boolean("access_hearing_loop"),
    accessSeating: boolean("access_seating"),
    accessQuietSpace: boolean("access_quiet_space"),
    accessParking: boolean("access_parking"),
    accessNotes: text("access_notes").notNull().default(""),
    /** The add form's idempotency key: the same form sent twice adds one venue. */
    addKey: uuid("add_key"),
    /** The host's name for each row, nearest the stage first; a row without one reads as its letter (A, B, C…). */
    seatRowNames: text("seat_row_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("venue_host_id_idx").on(t.hostId),
    index("venue_lat_lng_idx").on(t.lat, t.lng),
    uniqueIndex("venue_add_key_idx").on(t.addKey),
    check("venue_lat_range", sql`${t.lat} between -90 and 90`),
    check("venue_lng_range", sql`${t.lng} between -180 and 180`),
    check("venue_capacity_range", sql`${t.capacity} between 1 and 100000`),
    check("venue_access_notes_length", sql`char_length(${t.accessNotes}) <= 1000`),
  ],
);

/**
 * A section of a venue's seat plan (stalls, circle): a block of rows and columns. A ticket type tied
 * to a section sells only its seats, at its price, so a cheap ticket cannot take the best seat.
 */
export const venueSeatSection = pgTable(
  "venue_seat_section",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venue.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    firstRow: integer("first_row").notNull(),
    lastRow: integer("last_row").notNull(),
    firstColumn: integer("first_column").notNull(),
    lastColumn: integer("last_column").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("venue_seat_section_venue_idx").on(t.venueId),
    unique("venue_seat_section_name_unique").on(t.venueId, t.name),
    check(
      "venue_seat_section_block",
      // Broken inside an expression, not the SQL, so the text matches the migration's.
      sql`${t.firstRow} >= 1 and ${t.firstColumn} >= 1 and ${t.firstRow} <= ${t.lastRow} and ${
        t.firstColumn
      } <= ${t.lastColumn}`,
    ),
  ],
);

export const SEAT_MARK_KINDS = ["wheelchair", "companion", "gap", "blocked"] as const;

/**
 * A position of the plan that is not a plain seat: a wheelchair space or the companion seat beside
 * one (both sold), a gap (an aisle: no seat) or a blocked seat (never sold). Gaps and blocked seats
 * are never claimed: a trigger on `seat_claim` refuses them (migration 0020).
 */
export const venueSeatMark = pgTable(
  "venue_seat_mark",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venue.id, { onDelete: "cascade" }),
    seatRow: integer("seat_row").notNull(),
    seatColumn: integer("seat_column").notNull(),
    kind: text("kind", { enum: SEAT_MARK_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.seatRow, t.seatColumn] })],
);

/** The host's questions for buyers (the survey); their rules are the domain's. */
export type { EventQuestion };

export const EVENT_STATUSES = ["draft", "published", "unpublished", "archived", "deleted"] as const;

export const event = pgTable(
  "event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    summary: text("summary"),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    eventType: text("event_type").notNull(),
    currency: text("currency", { enum: ["GBP", "EUR"] })
      .notNull()
      .default("GBP"),
    /** Storage keys of the event's images; the first is the cover. */
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    venueId: uuid("venue_id").references(() => venue.id, { onDelete: "restrict" }),
    startsAt: tz("starts_at").notNull(),
    endsAt: tz("ends_at"),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("draft"),
    isPrivate: boolean("is_private").notNull().default(false),
    isCancelled: boolean("is_cancelled").notNull().default(false),
    isOnline: boolean("is_online").notNull().default(false),
    /** Where people join an online event (https only); publishing an online event needs it. */
    onlineUrl: text("online_url"),
    /** Free events where people say they are coming rather than buy: the booking panel reads 'RSVP'. */
    rsvp: boolean("rsvp").notNull().default(false),
    /** The category's subcategories the host chose (spec §2's lists), for browsing and search. */
    subcategories: text("subcategories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Whether buyers pay the booking fee on top ("pass") or the host absorbs it, for this event: a
     * new event takes the host's setting (`user.fee_mode`), and the host may change it per event.
     */
    feeMode: text("fee_mode", { enum: ["pass", "absorb"] })
      .notNull()
      .default("pass"),
    /** Dates made by repeating one event share a series: each is a real event with its own stock. */
    seriesId: uuid("series_id"),
    lastPublishedAt: tz("last_published_at"),
    /** The host's questions for buyers at checkout (the event's survey); answers are kept with the order. */
    questions: jsonb("questions")
      .$type<EventQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** How long places freed for the next person on the waitlist are held for them (the host sets it). */
    waitlistOfferHours: integer("waitlist_offer_hours").notNull().default(12),
    /**
     * The most tickets one person may have for the event at once, across their live holds and free
     * orders (paid orders are not limited). Null: the event's per-order maximum, the largest
     * `max_per_order` of its ticket types. A host who expects bigger groups raises it.
     */
    maxTicketsPerPerson: integer("max_tickets_per_person"),
    /**
     * Whether a buyer who shares their access needs at checkout may add free companion (personal
     * assistant) tickets, one for each ticket they book (decision 0031; events without a seat plan).
     */
    companionTickets: boolean("companion_tickets").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What search matches, kept by triggers (migrations 0003 and 0011) from the event, its host and
     * venue, lower case and without accents: `search_text` (name, type, host names and title, venue
     * name and town) and `search_vector` (the same plus summary and description, weighted A–D).
     */
    searchText: text("search_text").notNull().default(""),
    searchVector: tsvector("search_vector"),
    /**
     * Totals over the event's ticket types, kept by a trigger on ticket_type (migration 0003) with
     * delta updates, so lists can filter and sort on stock without reading every ticket type.
     * ticket_type stays the source of truth; these are never written by application code.
     */
    capacityTotal: integer("capacity_total").notNull().default(0),
    soldTotal: integer("sold_total").notNull().default(0),
    revenuePence: bigint("revenue_pence", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("event_host_id_idx").on(t.hostId),
    // A venue's events: counted on the venues pages, and checked when a venue is deleted.
    index("event_venue_id_idx").on(t.venueId),
    index("event_search_vector_idx").using("gin", t.searchVector),
    index("event_last_published_idx")
      .on(t.lastPublishedAt)
      .where(sql`status = 'published' and not is_private and not is_cancelled`),
    index("event_listing_idx")
      .on(t.startsAt)
      .where(sql`status = 'published' and not is_private and not is_cancelled`),
    index("event_category_idx").on(t.category, t.startsAt),
    index("event_series_idx")
      .on(t.seriesId, t.startsAt)
      .where(sql`series_id is not null`),
    check("event_online_url", sql`${t.onlineUrl} is null or ${t.onlineUrl} ~ '^https://'`),
    check("event_fee_mode", sql`${t.feeMode} in ('pass', 'absorb')`),
    check("event_slug_format", sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
    check("event_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("event_waitlist_offer_hours", sql`${t.waitlistOfferHours} between 1 and 168`),
    check(
      "event_max_tickets_per_person",
      sql`${t.maxTicketsPerPerson} is null or ${t.maxTicketsPerPerson} between 1 and 10000`,
    ),
  ],
);

export const TICKET_KINDS = ["general", "private", "scheduled_visible", "scheduled_hidden"] as const;

export const ticketType = pgTable(
  "ticket_type",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    kind: text("kind", { enum: TICKET_KINDS }).notNull().default("general"),
    /** Face value in minor units (pence). For pay-what-you-wish tickets, the minimum. */
    pricePence: integer("price_pence").notNull(),
    payWhatYouWish: boolean("pay_what_you_wish").notNull().default(false),
    capacity: integer("capacity").notNull(),
    sold: integer("sold").notNull().default(0),
    held: integer("held").notNull().default(0),
    maxPerOrder: integer("max_per_order").notNull().default(10),
    salesStartAt: tz("sales_start_at"),
    salesEndAt: tz("sales_end_at"),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * On a seated venue with sections: the section whose seats this ticket sells (null: the seats outside every
     * section).
     */
    seatSectionId: uuid("seat_section_id").references(() => venueSeatSection.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_type_event_id_idx").on(t.eventId),
    // The last line of defence against overselling: no statement can commit stock we do not have.
    check("ticket_type_stock", sql`${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.capacity}`),
    check("ticket_type_price", sql`${t.pricePence} >= 0`),
    check("ticket_type_capacity", sql`${t.capacity} >= 0`),
    check("ticket_type_max_per_order", sql`${t.maxPerOrder} >= 1`),
    check(
      "ticket_type_sale_window",
      sql`${t.salesStartAt} is null or ${t.salesEndAt} is null or ${t.salesEndAt} > ${t.salesStartAt}`,
    ),
  ],
);

/* ---------- Site-wide records ---------- */

export const alert = pgTable("alert", {
  id: uuid("id").primaryKey().defaultRandom(),
  heading: text("heading").notNull(),
  description: text("description").notNull(),
  isFullPage: boolean("is_full_page").notNull().default(false),
  isActive: boolean("is_active").notNull().default(true),
  /** Identifies this version of the alert; a browser that has seen it keeps this value. */
  savedAt: tz("saved_at").notNull().defaultNow(),
  createdAt: createdAt(),
});

export const featureFlag = pgTable("feature_flag", {
  key: text("key").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  description: text("description").notNull().default(""),
  /** Public flags may be shown to any visitor (debug panel); private ones never leave the server. */
  isPublic: boolean("is_public").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * What staff did in the staff console (`/admin`), one row per action, never edited or deleted: who,
 * what, to which record, and a sentence a person can read. The actor's email is kept beside the id
 * so the log still says who acted after an account is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** A stable verb: `alert.create`, `blog.publish`, `badge.grant`, … */
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
  ],
);

/** What the help search matches in a post: the title weighs most, then topic and description, then the body. */
const CONTENT_SEARCH_DOCUMENT = [
  `setweight(to_tsvector('english'::regconfig, "title"), 'A')`,
  `setweight(to_tsvector('english'::regconfig, coalesce("topic", '') || ' ' || "description"), 'B')`,
  `setweight(to_tsvector('english'::regconfig, "body"), 'C')`,
].join(" || ");

/**
 * What staff write for the public site: blog posts, guides, case studies, news and help articles
 * (the kind decides where it is shown). The address is the slug, unique within its kind. Drafts are
 * never shown publicly. `updated_at` is when the words last changed (publishing alone does not
 * count); `search_vector` is the database's own, made from the title, topic, description and body.
 */
export const contentPost = pgTable(
  "content_post",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CONTENT_KINDS }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Help articles only: the heading the help centre files it under. */
    topic: text("topic"),
    /** Storage key of the header picture (served at /media/<key>, resized through /img). */
    headerImage: text("header_image"),
    /** Markdown, rendered by src/lib/markdown.server.ts when shown. */
    body: text("body").notNull().default(""),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    /** When it was first published; kept through unpublishing, so a republished post keeps its date. */
    publishedAt: tz("published_at"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql.raw(CONTENT_SEARCH_DOCUMENT)),
  },
  (t) => [
    uniqueIndex("content_post_kind_slug_idx").on(t.kind, t.slug),
    index("content_post_listing_idx")
      .on(t.kind, t.publishedAt)
      .where(sql`status = 'published'`),
    index("content_post_search_idx").using("gin", t.searchVector),
    check("content_post_kind", sql`${t.kind} in ('blog', 'guide', 'case_study', 'news', 'help')`),
    check("content_post_status", sql`${t.status} in ('draft', 'published')`),
    check("content_post_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 80`),
    check("content_post_published_at", sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
    check(
      "content_post_sizes",
      sql`length(${t.title}) <= 140 and length(${t.description}) <= 300 and length(${t.body}) <= 50000`,
    ),
  ],
);

/** First-party measurements, recorded only with the visitor's consent. */
export const analyticsEvent = pgTable(
  "analytics_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["page_view", "web_vital"] }).notNull(),
    path: text("path").notNull(),
    name: text("name"),
    value: doublePrecision("value"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_event_kind_created_idx").on(t.kind, t.createdAt)],
);

/** Small facts about this installation: the demo seed marker, generated secrets. */
/**
 * Every word of listed events' search documents (lower case, no accents) and how many listed
 * events have it, kept by triggers on event (migration 0011); never written by application code.
 * Search finds a typed word's neighbours here (trigram index, then edit distance) and hands the
 * words it finds to the full-text index (decision 0006).
 */
export const searchWord = pgTable(
  "search_word",
  {
    word: text("word").primaryKey(),
    events: integer("events").notNull(),
  },
  (t) => [index("search_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});

/* ---------- Accounts: throttling, robot check, email, messages from people ---------- */

/** Fixed-window counters shared by every instance (the Redis store replaces this when REDIS_URL is set). */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: tz("reset_at").notNull(),
});

/** Robot-check solutions already accepted: a second use of the same one is a replay. */
export const altchaUsed = pgTable(
  "altcha_used",
  {
    signature: text("signature").primaryKey(),
    expiresAt: tz("expires_at").notNull(),
  },
  (t) => [index("altcha_used_expires_idx").on(t.expiresAt)],
);

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

/** An attachment an email names, made from the database when it is sent. */
export type EmailAttachmentRef = {
  kind: "order-tickets";
  orderId: string;
  /**
   * Only tickets this person still holds when the email goes: a ticket passed on meanwhile carries its new holder's
   * code.
   */
  holderId: string | null;
};

/** Every email we send, with its delivery state; without SMTP this table is the dev outbox. */
export const emailMessage = pgTable(
  "email_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    transport: text("transport", { enum: ["smtp", "outbox"] }).notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Files made when the email is delivered (not stored): e.g. an order's tickets as a PDF. */
    attachments: jsonb("attachments")
      .$type<EmailAttachmentRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Extra headers, such as List-Unsubscribe on emails a person can turn off. */
    headers: jsonb("headers")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    sentAt: tz("sent_at"),
  },
  (t) => [
    index("email_message_created_idx").on(t.createdAt),
    index("email_message_to_idx").on(t.toAddress, t.createdAt),
  ],
);

/**
 * Work a transaction makes necessary, to be done once it has committed (an email to compose and
 * send, waitlist offers to tell), recorded in that same transaction so that it is done if and only
 * if the transaction commits, however the process ends after it. A sweeper hands each row to the
 * job queue (`queued_at`), and the row goes once its job has done the work. `work` is one of
 * `AfterCommitWork` (src/services/after-commit.ts).
 */
export const afterCommitWork = pgTable(
  "after_commit_work",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    work: jsonb("work").$type<{ kind: string }>().notNull(),
    createdAt: createdAt(),
    queuedAt: tz("queued_at"),
  },
  (t) => [
    index("after_commit_work_unqueued_idx")
      .on(t.createdAt)
      .where(sql`${t.queuedAt} is null`),
  ],
);

/** Feedback, support requests and bug reports, kept whether or not a team-chat webhook is set. */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["feedback", "support", "bug", "contact"] }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    postedToChatAt: tz("posted_to_chat_at"),
    /** When a staff member marked it dealt with in the staff console (null: still open). */
    handledAt: tz("handled_at"),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_kind_created_idx").on(t.kind, t.createdAt)],
);

/**
 * An event a visitor suggested by its link (/submit-an-event), for staff to look at: reviewed
 * (looked at, and followed up or listed) or rejected. The email, when given, is for a reply only.
 */
export const submittedEvent = pgTable(
  "submitted_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    note: text("note"),
    email: text("email"),
    /** Who sent it when they were signed in. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: ["new", "reviewed", "rejected"] })
      .notNull()
      .default("new"),
    reviewedAt: tz("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    postedToChatAt: tz("posted_to_chat_at"),
    createdAt: createdAt(),
  },
  (t) => [index("submitted_event_status_created_idx").on(t.status, t.createdAt)],
);

/** A person's feed: numbered so the newest sorts first. */
export const notification = pgTable(
  "notification",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    readAt: tz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notification_user_idx").on(t.userId, t.id)],
);

/* ---------- Booking: discounts, holds, orders, tickets, payments ---------- */

/** A host's discount code (spec §3). Codes are stored lower case and unique per host. */
export const discount = pgTable(
  "discount",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** Basis points for percent (1000 = 10%), pence for fixed. */
    value: integer("value").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** Private codes also unlock the host's private tickets. */
    isPrivate: boolean("is_private").notNull().default(false),
    startsAt: tz("starts_at"),
    endsAt: tz("ends_at"),
    maxUses: integer("max_uses"),
    /**
     * Completed orders that used it, counted once per order when the order is created. The limit
     * is checked when tickets are held (counting active holds too), so it is a promise to buyers
     * already at checkout, not a race they can lose after paying.
     */
    uses: integer("uses").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique("discount_host_code_unique").on(t.hostId, t.code),
    check("discount_code_lower", sql`${t.code} = lower(${t.code}) and length(${t.code}) between 1 and 40`),
    check("discount_value", sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check("discount_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0)`),
  ],
);

/**
 * The events a discount is limited to. A discount with no rows here applies to every event of its
 * host; with rows, to those events only (the booking flow refuses it elsewhere).
 */
export const discountEvent = pgTable(
  "discount_event",
  {
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discount.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.eventId] }), index("discount_event_event_idx").on(t.eventId)],
);

export const HOLD_STATUSES = ["active", "converted", "expired", "released"] as const;

/** Tickets set aside for one buyer at checkout for ten minutes; stock moves only through claims and releases. */
export const hold = pgTable(
  "hold",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: HOLD_STATUSES }).notNull().default("active"),
    expiresAt: tz("expires_at").notNull(),
    /** The buyer may extend once (WCAG 2.2.1). */
    extended: boolean("extended").notNull().default(false),
    /**
     * Seats chosen (seat-plan events), kept so a payment arriving after the hold lapsed can try to claim them again.
     */
    seats: jsonb("seats")
      .$type<{ row: number; column: number; ticketTypeId: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    discountId: uuid("discount_id").references(() => discount.id, { onDelete: "set null" }),
    /** Answers to the event's questions, given at checkout and copied to the order. */
    answers: jsonb("answers")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The event's questions as the buyer answered them, so a later edit of the survey leaves the answers' words. */
    questions: jsonb("questions")
      .$type<EventQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The client's key for this checkout: a retried request finds the same hold. Unique per event
     * and person, so a key never finds another event's hold, nor anyone else's.
     */
    idempotencyKey: text("idempotency_key"),
    /** The buyer's access needs as they chose to share them at checkout, copied to the order. */
    accessNeeds: jsonb("access_needs").$type<StoredAccessNeeds>(),
    /** The host's tracking link the buyer arrived through (decision 0039), copied to the order. */
    trackingLinkId: uuid("tracking_link_id").references(() => trackingLink.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("hold_active_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status = 'active'`),
    index("hold_event_idx").on(t.eventId),
    unique("hold_idempotency_key_unique").on(t.eventId, t.userId, t.idempotencyKey),
    // What the claim counts: a person's holds (their share of an event, their recent holds) and a code's live holds.
    index("hold_user_idx").on(t.userId, t.createdAt),
    index("hold_discount_active_idx")
      .on(t.discountId)
      .where(sql`status = 'active'`),
  ],
);

export const holdLine = pgTable(
  "hold_line",
  {
    holdId: uuid("hold_id")
      .notNull()
      .references(() => hold.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketType.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** Face value, or the amount chosen for pay-what-you-wish. */
    unitPricePence: integer("unit_price_pence").notNull(),
    /**
     * Free companion (personal assistant) places added at checkout (decision 0031): a line of their
     * own, at 0, claimed like any other, and never counted towards a person's limits.
     */
    companion: boolean("companion").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.holdId, t.ticketTypeId, t.companion] }),
    check("hold_line_quantity", sql`${t.quantity} > 0`),
    check("hold_line_price", sql`${t.unitPricePence} >= 0`),
    check("hold_line_companion_free", sql`not ${t.companion} or ${t.unitPricePence} = 0`),
  ],
);

/**
 * A seat on a seat-plan event, claimed by a hold and then by a ticket: the primary key makes a double booking
 * impossible.
 */
export const seatClaim = pgTable(
  "seat_claim",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    seatRow: integer("seat_row").notNull(),
    seatColumn: integer("seat_column").notNull(),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketType.id, { onDelete: "restrict" }),
    holdId: uuid("hold_id").references(() => hold.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.seatRow, t.seatColumn] }), index("seat_claim_hold_idx").on(t.holdId)],
);

export const ORDER_STATUSES = ["paid", "free", "refunded", "cancelled"] as const;

/** A completed purchase: created once per payment (or per free checkout), with its lines and tickets. */
export const order = pgTable(
  "order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the buyer quotes: short, unambiguous letters and digits. */
    reference: text("reference").notNull().unique(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "restrict" }),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    holdId: uuid("hold_id")
      .unique()
      .references(() => hold.id, { onDelete: "set null" }),
    buyerEmail: text("buyer_email").notNull(),
    buyerName: text("buyer_name").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    currency: text("currency", { enum: ["GBP", "EUR"] })
      .notNull()
      .default("GBP"),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    bookingFeePence: integer("booking_fee_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    /**
     * Ticketyboo's fee on the order as it was sold: the booking fee when the buyer paid it, else the fee
     * out of the host's price (absorbed), at the rate of the day of the sale. Payouts read it, so a
     * change of rate never reprices earlier sales.
     */
    platformFeePence: integer("platform_fee_pence").notNull(),
    discountId: uuid("discount_id").references(() => discount.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    provider: text("provider"),
    /** The payment provider's id for the money: unique, so a payment is fulfilled exactly once. */
    providerPaymentId: text("provider_payment_id").unique(),
    answers: jsonb("answers")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The questions answered, as they read when the buyer answered them (the survey may change later). */
    questions: jsonb("questions")
      .$type<EventQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    paidAt: tz("paid_at"),
    /** Money given back so far (a cancellation's refund, in full or in part). */
    refundedPence: integer("refunded_pence").notNull().default(0),
    cancelledAt: tz("cancelled_at"),
    /** A snapshot of the access needs the buyer shared with the host for this order (later edits leave it be). */
    accessNeeds: jsonb("access_needs").$type<StoredAccessNeeds>(),
    /** The host's tracking link the buyer arrived through, from the hold (decision 0039). */
    trackingLinkId: uuid("tracking_link_id").references(() => trackingLink.id, { onDelete: "set null" }),
  },
  (t) => {
    // Two fragments rather than one long line: the check's SQL text must stay exactly as migrated.
    const totalAddsUp = sql`${t.totalPence} = ${t.subtotalPence} - ${t.discountPence} + ${t.bookingFeePence}`;
    return [
      index("order_user_idx").on(t.userId, t.createdAt),
      index("order_event_idx").on(t.eventId, t.createdAt),
      // A host's orders by when they were placed: the reports' ranges, and the orders file's keyset.
      index("order_host_created_idx").on(t.hostId, t.createdAt, t.id),
      index("order_tracking_link_idx")
        .on(t.trackingLinkId)
        .where(sql`${t.trackingLinkId} is not null`),
      check(
        "order_amounts",
        sql`${t.subtotalPence} >= 0 and ${t.discountPence} >= 0 and ${t.bookingFeePence} >= 0 and ${totalAddsUp}`,
      ),
      check("order_refunded", sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.totalPence}`),
      check("order_platform_fee", sql`${t.platformFeePence} >= 0 and ${t.platformFeePence} <= ${t.totalPence}`),
    ];
  },
);

export const orderLine = pgTable(
  "order_line",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketType.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    /** Free companion tickets of this ticket type (decision 0031), a line apart from those bought. */
    companion: boolean("companion").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.ticketTypeId, t.companion] }),
    check("order_line_quantity", sql`${t.quantity} > 0 and ${t.unitPricePence} >= 0`),
    check("order_line_companion_free", sql`not ${t.companion} or ${t.unitPricePence} = 0`),
  ],
);

export const TICKET_STATUSES = ["valid", "void", "checked_in"] as const;

/** One admission, with a signed code the door can check offline. */
export const ticket = pgTable(
  "ticket",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "restrict" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketType.id, { onDelete: "restrict" }),
    code: text("code").notNull().unique(),
    /** Bumped when the ticket passes to someone else: the code is signed anew and the old one stops working. */
    codeVersion: integer("code_version").notNull().default(0),
    seatRow: integer("seat_row"),
    seatColumn: integer("seat_column"),
    holderName: text("holder_name"),
    /** Whose ticket it is now: the buyer, until they pass it to a friend who claims it. */
    holderUserId: text("holder_user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("valid"),
    /** A free companion (personal assistant) ticket added to an access booking (decision 0031). */
    companion: boolean("companion").notNull().default(false),
    checkedInAt: tz("checked_in_at"),
    /** Where it was let in (the scanning device's gate name); none when checked in by hand. */
    checkedInGate: text("checked_in_gate"),
    /**
     * The door scan that admitted it (`ticket_scan.id`; none when checked in by hand). Of two gates that
     * admitted it offline, the earlier scan wins (decision 0034); every other admitting scan is a conflict.
     */
    checkedInScanId: uuid("checked_in_scan_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_order_idx").on(t.orderId),
    index("ticket_event_idx").on(t.eventId),
    index("ticket_holder_idx").on(t.holderUserId),
  ],
);

export const TRANSFER_STATUSES = ["pending", "claimed", "cancelled"] as const;

/**
 * A ticket sent to a friend by email. The link carries a random token; only its hash is kept. Until
 * the friend claims it the sender's code still works; once claimed the ticket is theirs, with a new code.
 */
export const ticketTransfer = pgTable(
  "ticket_transfer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => ticket.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Who sent it, as the friend's link names them (the ticket's holder changes once claimed). */
    fromName: text("from_name").notNull().default(""),
    toEmail: text("to_email").notNull(),
    toName: text("to_name"),
    tokenHash: text("token_hash").notNull().unique(),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull().default("pending"),
    claimedByUserId: text("claimed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: tz("decided_at"),
  },
  (t) => [
    uniqueIndex("ticket_transfer_one_pending")
      .on(t.ticketId)
      .where(sql`status = 'pending'`),
    index("ticket_transfer_from_idx").on(t.fromUserId),
    // The transfers an address was sent lately: a day's are counted before another (decision 0055).
    index("ticket_transfer_to_idx").on(t.toEmail, t.createdAt),
  ],
);

/**
 * A ticket holder's agreement to appear in an event page's "Who's going" (decision 0037): one row
 * per person and event, made only by the person themselves, deleted when they take it back. Its
 * time is when they agreed. The page lists only holders of a standing ticket among these rows.
 */
export const guestDisplayConsent = pgTable(
  "guest_display_consent",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("guest_display_consent_event_idx").on(t.eventId, t.createdAt),
    index("guest_display_consent_user_idx").on(t.userId),
  ],
);

export const CANCELLATION_STATUSES = ["pending", "refunding", "approved", "declined"] as const;
/** Who set a cancellation going: the buyer asking, or the host cancelling the whole event. */
export const CANCELLATION_ORIGINS = ["buyer", "event_cancelled"] as const;

/**
 * A buyer's request to cancel a paid order (spec §4 userCancellation), decided by the host. At most
 * one is open or approved per order; a declined one may be followed by another. `refunding` is the
 * moment between claiming the decision and the provider's answer (see decide-cancellation.ts).
 */
export const cancellationRequest = pgTable(
  "cancellation_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: CANCELLATION_STATUSES }).notNull().default("pending"),
    /**
     * `event_cancelled`: the host cancelled the event, so the order is refunded in full without being asked
     * (the buyer was told with the event's cancellation, and hears of the refund alone).
     */
    origin: text("origin", { enum: CANCELLATION_ORIGINS }).notNull().default("buyer"),
    refundPence: integer("refund_pence"),
    refundId: text("refund_id"),
    hostMessage: text("host_message"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: tz("decided_at"),
  },
  (t) => [
    uniqueIndex("cancellation_request_one_open")
      .on(t.orderId)
      .where(sql`status in ('pending', 'refunding', 'approved')`),
    index("cancellation_request_status_idx").on(t.status, t.createdAt),
    check("cancellation_request_reason", sql`length(trim(${t.reason})) between 1 and 1000`),
    check("cancellation_request_refund", sql`${t.refundPence} is null or ${t.refundPence} >= 0`),
    check("cancellation_request_origin", sql`${t.origin} in ('buyer', 'event_cancelled')`),
  ],
);

/** `left`: by the person (or they turned an offer down); `removed`: by the host; `lapsed`: an offer ran out. */
export const WAITLIST_STATUSES = ["waiting", "offered", "purchased", "left", "lapsed", "removed"] as const;

/**
 * A place in an event's waitlist (spec §3 waitList). First come, first offered: when places free
 * up, the first person waiting is offered them as a hold lasting the event's offer window.
 */
export const waitlistEntry = pgTable(
  "waitlist_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How many places they want. */
    quantity: integer("quantity").notNull().default(1),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    /** The hold an offer made for them (claimed through the normal checkout). */
    holdId: uuid("hold_id").references(() => hold.id, { onDelete: "set null" }),
    offeredAt: tz("offered_at"),
    /** When the offer's email went (null: still to send). */
    notifiedAt: tz("notified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_entry_one_active")
      .on(t.eventId, t.userId)
      .where(sql`status in ('waiting', 'offered')`),
    index("waitlist_entry_queue_idx")
      .on(t.eventId, t.createdAt)
      .where(sql`status = 'waiting'`),
    index("waitlist_entry_user_idx").on(t.userId),
    index("waitlist_entry_hold_idx").on(t.holdId),
    check("waitlist_entry_quantity", sql`${t.quantity} between 1 and 10`),
  ],
);

/** The day-before reminder, once per event and ticket holder. */
export const eventReminder = pgTable(
  "event_reminder",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * A payment's life (DESIGN.md §3: money ends in a final state):
 * - `pending`: its provider session is open and the buyer may pay; at most one per hold.
 * - `closing`: replaced by a newer session (Pay again at a new total, or two presses at once); it
 *   is being expired at the provider, and settled for whatever the provider then says.
 * - `refunding`: money was captured that cannot become an order; the refund is claimed and asked
 *   for (with an idempotency key made from the payment), and is asked again until answered.
 * Final: `paid` (became an order), `refunded` (given back, buyer told), `expired` (the session
 * ended with no money taken), `refund_refused` (the provider refused the refund: staff must act).
 */
export const PAYMENT_STATUSES = [
  "pending",
  "closing",
  "refunding",
  "paid",
  "refunded",
  "expired",
  "refund_refused",
] as const;

/** Why a captured payment was given back. */
export const PAYMENT_REFUND_REASONS = [
  /** It arrived after its hold lapsed and the places had been sold. */
  "sold_out",
  /** The hold was already paid for by another payment (two sessions, both paid). */
  "already_paid",
  /** The amount paid no longer matched the hold's total (a discount changed while paying). */
  "amount_changed",
  /** The host took the event off sale (archived, unpublished, cancelled) while the buyer paid. */
  "event_closed",
] as const;
export type PaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/** A payment attempt at the provider for a hold. */
export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => hold.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's checkout session. */
    providerSessionId: text("provider_session_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id").unique(),
    /** Asked for when the session opened; once captured, what the provider says was paid. */
    amountPence: integer("amount_pence").notNull(),
    currency: text("currency", { enum: ["GBP", "EUR"] })
      .notNull()
      .default("GBP"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    orderId: uuid("order_id").references(() => order.id, { onDelete: "set null" }),
    refundReason: text("refund_reason", { enum: PAYMENT_REFUND_REASONS }),
    /** The provider's refund id, once it answered. */
    refundId: text("refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open provider session per hold: a second Pay, even at the same instant, finds the first.
    uniqueIndex("payment_one_open_per_hold")
      .on(t.holdId)
      .where(sql`status = 'pending'`),
    index("payment_unsettled_idx")
      .on(t.createdAt)
      .where(sql`status in ('pending', 'closing', 'refunding')`),
    index("payment_hold_idx").on(t.holdId),
    check(
      "payment_refund_reason",
      sql`(${t.refundReason} is null) = (${t.status} not in ('refunding', 'refunded', 'refund_refused'))`,
    ),
  ],
);

/*
 * The built-in test payment provider's own records: it stands in for a card processor, so it keeps
 * its sessions apart from ours (the `payment` table is our side of the conversation).
 */
export const testPaymentSession = pgTable("test_payment_session", {
  id: text("id").primaryKey(),
  /** Our payment id, as the request gave it (the provider echoes it back). */
  clientReference: text("client_reference").notNull(),
  amountPence: integer("amount_pence").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  customerEmail: text("customer_email").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  status: text("status", { enum: ["open", "complete", "expired"] })
    .notNull()
    .default("open"),
  /** The last card's outcome, shown on the page ("declined"). */
  lastError: text("last_error"),
  paymentIntentId: text("payment_intent_id").unique(),
  expiresAt: tz("expires_at").notNull(),
  createdAt: createdAt(),
});

export const testRefund = pgTable("test_refund", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  paymentIntentId: text("payment_intent_id").notNull(),
  amountPence: integer("amount_pence").notNull(),
  createdAt: createdAt(),
});

/* ---------- The door: guest lists ---------- */

/**
 * A guest a host added by hand (or from a CSV) to an event's list, beside its ticket holders: no
 * ticket, no code, checked in by name at the door. Ticket holders are not copied here; the list
 * reads them from `ticket`.
 */
export const guest = pgTable(
  "guest",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    /** One of the event's ticket types, to say what they came as (none: just a guest). */
    ticketTypeId: uuid("ticket_type_id").references(() => ticketType.id, { onDelete: "set null" }),
    plusOnes: integer("plus_ones").notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** The CSV import that added them (none: added by hand). */
    importId: uuid("import_id").references(() => guestImport.id, { onDelete: "set null" }),
    checkedInAt: tz("checked_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("guest_event_idx").on(t.eventId, t.name),
    index("guest_host_idx").on(t.hostId, t.createdAt),
    check("guest_plus_ones", sql`${t.plusOnes} between 0 and 10`),
  ],
);

/** One confirmed CSV import: its id is the preview's key, so confirming twice imports once. */
export const guestImport = pgTable("guest_import", {
  id: uuid("id").primaryKey(),
  hostId: text("host_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  eventId: uuid("event_id")
    .notNull()
    .references(() => event.id, { onDelete: "cascade" }),
  rows: integer("rows").notNull(),
  createdAt: createdAt(),
});

/**
 * Who may scan at one event's door besides its owner and managers (decision 0034): a team member
 * with the scanner role (`user_id`), or a scanner link that needs no account (`token_hash`, the
 * SHA-256 of the link's random token; the token itself is shown once). Revoked or past
 * `expires_at`, it opens nothing, from the next request on.
 */
export const eventScanner = pgTable(
  "event_scanner",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").unique(),
    /** What the host calls it: the member's name, or the link's label ("Side door"). */
    label: text("label").notNull(),
    expiresAt: tz("expires_at"),
    revokedAt: tz("revoked_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_scanner_event_idx").on(t.eventId, t.createdAt),
    uniqueIndex("event_scanner_member")
      .on(t.eventId, t.userId)
      .where(sql`${t.revokedAt} is null and ${t.userId} is not null`),
    check("event_scanner_one_kind", sql`(${t.userId} is null) <> (${t.tokenHash} is null)`),
  ],
);

export const SCAN_OUTCOMES = [
  "checked_in",
  "already_checked_in",
  "already_cancelled",
  "invalid_code",
  "no_match",
] as const;

/**
 * Every code scanned at a door, online or synced from a device that was offline (decision 0034). A
 * device names each scan (`device_id`, `client_scan_id`), so a sync sent twice records it once and
 * no scan is lost. `admitted`: the door let the person in (the server said so, or the device did
 * offline); an admitted scan that is not its ticket's `checked_in_scan_id` is a conflict to report.
 */
export const ticketScan = pgTable(
  "ticket_scan",
  {
    id: uuid("id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => ticket.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    clientScanId: text("client_scan_id").notNull(),
    gate: text("gate").notNull(),
    /** The server's outcome, when the scan reached it. */
    outcome: text("outcome", { enum: SCAN_OUTCOMES }).notNull(),
    /** What the device showed offline (none: it asked the server). */
    localOutcome: text("local_outcome", { enum: SCAN_OUTCOMES }),
    admitted: boolean("admitted").notNull(),
    /** The device's clock for an offline scan (kept within the last week); the server's otherwise. */
    scannedAt: tz("scanned_at").notNull(),
    receivedAt: tz("received_at").notNull(),
    scannerId: uuid("scanner_id").references(() => eventScanner.id, { onDelete: "set null" }),
    scannedBy: text("scanned_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("ticket_scan_device_scan").on(t.deviceId, t.clientScanId),
    index("ticket_scan_event_idx").on(t.eventId, t.scannedAt),
    index("ticket_scan_ticket_idx").on(t.ticketId),
  ],
);

/* ---------- Promote: tracking links (issue 21, decision 0039) ---------- */

/**
 * A short link a host hands to one promoter or channel ("Instagram bio", "Sam the promoter"):
 * `/t/{code}` sends people to the event's page with the host's UTM tags, counts the visit, and
 * orders made after arriving through it record it. The code is random and unique.
 */
export const trackingLink = pgTable(
  "tracking_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    /** Archived links still send people on (a poster may carry one) but leave the host's main list. */
    archivedAt: tz("archived_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tracking_link_event_idx").on(t.eventId, t.createdAt),
    uniqueIndex("tracking_link_event_name").on(t.eventId, sql`lower(${t.name})`),
  ],
);

/**
 * One row per visitor per London day per link: `visitor` is an HMAC of the address and browser,
 * keyed by a secret of ours, so a visit counts once a day and nobody can read an address back.
 */
export const trackingLinkVisit = pgTable(
  "tracking_link_visit",
  {
    linkId: uuid("link_id")
      .notNull()
      .references(() => trackingLink.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.visitor] })],
);

/* ---------- Email marketing (issue 21, decision 0040) ---------- */

/** A host's own list of people who agreed to hear from them, filled from CSV files. */
export const marketingList = pgTable(
  "marketing_list",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("marketing_list_host_name").on(t.hostId, t.name)],
);

/** One confirmed CSV import into a list: its id is the preview's key, so confirming twice imports once. */
export const marketingImport = pgTable("marketing_import", {
  id: uuid("id").primaryKey(),
  hostId: text("host_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  listId: uuid("list_id")
    .notNull()
    .references(() => marketingList.id, { onDelete: "cascade" }),
  rows: integer("rows").notNull(),
  /** How the people in the file agreed, in the importer's words (the consent's "how"). */
  consentSource: text("consent_source").notNull(),
  importedBy: text("imported_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * A person on a host's list, with the consent they gave: who (the email), when (`consent_at`, from
 * the file or the day of the import) and how (`consent_source`, stated by the importer).
 */
export const marketingContact = pgTable(
  "marketing_contact",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => marketingList.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    name: text("name"),
    consentAt: tz("consent_at").notNull(),
    consentSource: text("consent_source").notNull(),
    importId: uuid("import_id").references(() => marketingImport.id, { onDelete: "set null" }),
    importedBy: text("imported_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("marketing_contact_list_email").on(t.listId, t.email),
    index("marketing_contact_host_email_idx").on(t.hostId, t.email),
  ],
);

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;

/** A host's marketing email: what it says (blocks), who it goes to, and when. */
export const emailCampaign = pgTable(
  "email_campaign",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subject: text("subject").notNull().default(""),
    previewText: text("preview_text").notNull().default(""),
    blocks: jsonb("blocks")
      .$type<CampaignBlock[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Past buyers of the host's events who allow venue emails (decision 0040). */
    toBuyers: boolean("to_buyers").notNull().default(true),
    /** The host's lists it also goes to. */
    listIds: jsonb("list_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: tz("scheduled_at"),
    startedAt: tz("started_at"),
    finishedAt: tz("finished_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_campaign_host_idx").on(t.hostId, t.createdAt),
    index("email_campaign_due_idx").on(t.status, t.scheduledAt),
  ],
);

export const RECIPIENT_STATUSES = ["pending", "claimed", "sent", "skipped", "failed", "bounced", "complained"] as const;

/**
 * One person a campaign goes to: written when the send starts, unique per campaign and address, and
 * claimed by one conditional update (pending → claimed) before its email is made, so two workers or a
 * second run never send it twice (decision 0040).
 */
export const campaignRecipient = pgTable(
  "campaign_recipient",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => emailCampaign.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    name: text("name"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contactId: uuid("contact_id").references(() => marketingContact.id, { onDelete: "set null" }),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("pending"),
    /** Why it was not sent (unsubscribed, no longer consents). */
    skipReason: text("skip_reason"),
    claimedAt: tz("claimed_at"),
    sentAt: tz("sent_at"),
    /** The first open (the tracking picture) and first click; nothing else about them is kept. */
    openedAt: tz("opened_at"),
    clickedAt: tz("clicked_at"),
    emailMessageId: uuid("email_message_id").references(() => emailMessage.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("campaign_recipient_campaign_email").on(t.campaignId, t.email),
    index("campaign_recipient_status_idx").on(t.campaignId, t.status),
    index("campaign_recipient_sent_idx").on(t.sentAt),
  ],
);

export const UNSUBSCRIBE_SOURCES = ["one_click", "page", "bounce", "complaint"] as const;

/** Someone who no longer hears from one host: left out of every audience of that host, checked at send. */
export const marketingUnsubscribe = pgTable(
  "marketing_unsubscribe",
  {
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    source: text("source", { enum: UNSUBSCRIBE_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.email] })],
);

/*
 * Partner Studio's online profile, settings and payouts (issue 21; decision 0041).
 */

/**
 * What a host shows beyond their account row: links to their pages elsewhere (one per network,
 * checked against the network's own addresses) and their brand colours ("#rrggbb", readable with
 * white or dark text on them, used by the public profile, the widget and signage).
 */
export const hostProfile = pgTable(
  "host_profile",
  {
    hostId: text("host_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    socialLinks: jsonb("social_links")
      .$type<SocialLinks>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    brandColor: text("brand_color"),
    accentColor: text("accent_color"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("host_profile_brand_color", sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check("host_profile_accent_color", sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A person following a host (their booking page's Follow button): one row per pair, made and removed
 * only by the follower, removed with the follower's account. The buyer dashboard's "From hosts you
 * follow" reads it by follower (the key), the page's follower count by host (the index).
 */
export const hostFollow = pgTable(
  "host_follow",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hostId] }),
    index("host_follow_host_idx").on(t.hostId),
    check("host_follow_not_self", sql`${t.userId} <> ${t.hostId}`),
  ],
);

export const PAYOUT_PROVIDERS = ["stripe", "test"] as const;

/**
 * The account a host is paid into: a Stripe connected account (or the test provider's simulated
 * one). Only its id and what the provider last said of it; never bank details.
 */
export const hostPayoutAccount = pgTable("host_payout_account", {
  hostId: text("host_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: PAYOUT_PROVIDERS }).notNull(),
  accountId: text("account_id").notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A payment whose net went straight to the host's connected account at the sale (a destination
 * charge), with Ticketyboo's fee kept as the application fee. Payments without a row were
 * collected by Ticketyboo and are paid out after the event (decision 0041).
 */
export const paymentDestination = pgTable(
  "payment_destination",
  {
    paymentId: uuid("payment_id")
      .primaryKey()
      .references(() => payment.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    applicationFeePence: integer("application_fee_pence").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("payment_destination_fee", sql`${t.applicationFeePence} >= 0`)],
);

/** Money Ticketyboo collected for an event and then paid to the host's account, once per event and currency. */
export const hostPayout = pgTable(
  "host_payout",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => event.id, { onDelete: "restrict" }),
    currency: text("currency", { enum: ["GBP", "EUR"] }).notNull(),
    amountPence: integer("amount_pence").notNull(),
    accountId: text("account_id").notNull(),
    providerTransferId: text("provider_transfer_id").unique(),
    paidAt: tz("paid_at").notNull(),
  },
  (t) => [
    unique("host_payout_event_currency").on(t.eventId, t.currency),
    index("host_payout_host_idx").on(t.hostId, t.paidAt),
    check("host_payout_amount", sql`${t.amountPence} > 0`),
  ],
);

/**
 * The test provider's simulated connected accounts: it stands in for Stripe Connect, so a host can
 * connect payouts on a site without Stripe (its onboarding page is ours, at /pay/test/connect/{id}).
 */
export const testConnectedAccount = pgTable("test_connected_account", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  email: text("email").notNull(),
  businessName: text("business_name").notNull(),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  /** Where the latest onboarding link comes back to, as the account link asked. */
  returnUrl: text("return_url"),
  refreshUrl: text("refresh_url"),
  createdAt: createdAt(),
});

/* ---------- Reports (issue 21) ---------- */

/**
 * A host's summary email, once each: `month` for a London calendar month (`period` 'YYYY-MM'), `event`
 * for one event after it ended (`period` the event's id). Claimed before the email goes, so a job that
 * runs again, or on two instances at once, never sends one twice.
 */
export const hostSummarySent = pgTable(
  "host_summary_sent",
  {
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["month", "event"] }).notNull(),
    period: text("period").notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.kind, t.period] })],
);

/*
 * The reports' daily roll-up (decision 0043): a host's orders and tickets summed per London day
 * (the day each order was placed) and per what the overview breaks them down by. Written only by the
 * database's triggers on `order`, `ticket` and `order_line` (migration 0034), in the transaction that
 * changes those rows: each change adds its rows' new figures and takes away their old ones. A
 * transaction's changes wait in its own `…_pending` rows (nobody else's transaction sees or waits on
 * them) and move into the roll-up as it commits, every key in one statement and in key order: a row
 * of the roll-up is locked only for the moment of a commit, and always in the same order.
 */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

const dayOrderColumns = () => ({
  hostId: text("host_id").notNull(),
  /** The London day the orders were placed on. */
  day: date("day", { mode: "string" }).notNull(),
  eventId: uuid("event_id").notNull(),
  currency: text("currency").notNull(),
  /** The code the orders used, as they recorded it; null for none. */
  discountCode: text("discount_code"),
  /** The tracking link they came through; null for none. */
  trackingLinkId: uuid("tracking_link_id"),
  orders: integer("orders").notNull(),
  /** What the buyers paid, after discounts, with booking fees (`orderMoney` in src/domain/reports.ts). */
  grossPence: bigint("gross_pence", { mode: "number" }).notNull(),
  discountPence: bigint("discount_pence", { mode: "number" }).notNull(),
  /** Booking fees Ticketyboo keeps: least(fee, total − refunded) per order. */
  feePence: bigint("fee_pence", { mode: "number" }).notNull(),
  refundedPence: bigint("refunded_pence", { mode: "number" }).notNull(),
});

const dayTicketColumns = () => ({
  hostId: text("host_id").notNull(),
  /** The London day their orders were placed on. */
  day: date("day", { mode: "string" }).notNull(),
  eventId: uuid("event_id").notNull(),
  ticketTypeId: uuid("ticket_type_id").notNull(),
  currency: text("currency").notNull(),
  /** Standing (not void) tickets bought, companions apart. */
  sold: integer("sold").notNull(),
  companions: integer("companions").notNull(),
  checkedIn: integer("checked_in").notNull(),
  /** Void tickets: given back with a cancellation or refund. */
  cancelled: integer("cancelled").notNull(),
  /** The standing tickets' prices as their order lines had them (before the order's discount and fee). */
  faceValuePence: bigint("face_value_pence", { mode: "number" }).notNull(),
});

/** Orders per host, London day, event, currency, discount code and tracking link (see above). */
export const reportDayOrders = pgTable("report_day_orders", dayOrderColumns(), (t) => [
  unique("report_day_orders_key")
    .on(t.hostId, t.day, t.eventId, t.currency, t.discountCode, t.trackingLinkId)
    .nullsNotDistinct(),
]);

/** Tickets per host, London day, event, ticket type and currency (see above). */
export const reportDayTickets = pgTable("report_day_tickets", dayTicketColumns(), (t) => [
  primaryKey({ name: "report_day_tickets_pkey", columns: [t.hostId, t.day, t.eventId, t.ticketTypeId, t.currency] }),
]);

/** Changes to `report_day_orders` a transaction has made and not yet committed; empty between transactions. */
export const reportDayOrdersPending = pgTable(
  "report_day_orders_pending",
  { xact: xid8("xact").notNull(), ...dayOrderColumns() },
  (t) => [index("report_day_orders_pending_xact_idx").on(t.xact)],
);

/** Changes to `report_day_tickets` a transaction has made and not yet committed; empty between transactions. */
export const reportDayTicketsPending = pgTable(
  "report_day_tickets_pending",
  { xact: xid8("xact").notNull(), ...dayTicketColumns() },
  (t) => [index("report_day_tickets_pending_xact_idx").on(t.xact)],
);

/**
 * A transaction with pending changes, once: its row's deferred trigger moves them into the roll-up
 * when it commits (and deletes the row).
 */
export const reportDayPendingXact = pgTable("report_day_pending_xact", { xact: xid8("xact").primaryKey() });
