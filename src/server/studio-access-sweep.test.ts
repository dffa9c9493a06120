import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  cancellationRequest,
  discount,
  event,
  hostMember,
  order,
  ticket,
  ticketType,
  user,
  venue,
  waitlistEntry,
} from "~/db/schema";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "~/db/seed/seed-demo";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createCampaign } from "~/services/email-campaigns";
import { createScannerLink } from "~/services/event-scanners";
import { createList } from "~/services/marketing-audiences";
import { addGuest } from "~/services/guest-list";
import { inviteToTeam } from "~/services/host-team";
import { addHostMember } from "~/services/studio-access";
import { createDbThrottle } from "~/services/throttle";
import { createTrackingLink } from "~/services/tracking-links";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories/users";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";
import { loadRouteBuild } from "../../tests/setup/route-build";

/*
 * The access sweep (issue 19, "Done when"): people who must not act for the demo host (another host,
 * a buyer, a scanner on the demo host's own team) try every Partner Studio page and every form on
 * the demo host's real ids. Each answer is not found or forbidden (or, for someone who hosts
 * nothing, onboarding or log-in), and the database is exactly as it was, table by table.
 *
 * The routes come from the app's own route config (src/web/routes.ts, as the build has it), so a
 * new /h page is swept the day it is added. Pages need nothing from here; a page with a form
 * (an `action`) must say what to post in ACTIONS below, or this test fails and says so.
 */

/** The demo host's ids, filled into the addresses and forms. */
interface Ids {
  hostId: string;
  eventId: string;
  venueId: string;
  discountId: string;
  reference: string;
  /** The order of that reference, as the sales desk's addresses name it. */
  orderId: string;
  ticketTypeId: string;
  requestId: string;
  memberId: string;
  invitationId: string;
  token: string;
  /** A guest on the event's list, added by hand, and one of its tickets (the door checks both in). */
  guestId: string;
  ticketId: string;
  /** Someone waiting for places at the event (offered places by hand, or removed, on the waitlist pages). */
  waitlistEntryId: string;
  /** One of the event's stored pictures. */
  imageKey: string;
  /** The team's scanner (a person) and a scanner link for the event (the door's two kinds of scanner). */
  scannerUserId: string;
  scannerLinkId: string;
  scannerLinkToken: string;
  /** One of the event's tracking links (Promote). */
  trackingLinkId: string;
  /** A draft email campaign and a mailing list of the host's (email marketing). */
  campaignId: string;
  listId: string;
  /** A small real JPEG, for forms that upload one. */
  picture: Blob;
  /** The venue's form as its page would post it, unchanged. */
  venueForm: Record<string, string>;
}

/** What each `:param` of an /h address is filled with: a new kind of id means a new line here. */
const PARAMS: Record<string, (ids: Ids) => string> = {
  eventId: (ids) => ids.eventId,
  venueId: (ids) => ids.venueId,
  discountId: (ids) => ids.discountId,
  reference: (ids) => ids.reference,
  orderReference: (ids) => ids.reference,
  orderId: (ids) => ids.orderId,
  ticketTypeId: (ids) => ids.ticketTypeId,
  hostId: (ids) => ids.hostId,
  memberId: (ids) => ids.memberId,
  invitationId: (ids) => ids.invitationId,
  token: (ids) => ids.token,
  linkToken: (ids) => ids.scannerLinkToken,
  guestId: (ids) => ids.guestId,
  asset: () => "square.png",
  campaignId: (ids) => ids.campaignId,
};

interface Intent {
  /**
   * The form, complete and valid, so a refusal is the guard's or the ownership check's, not the form's
   * (a file makes it multipart).
   */
  form: Record<string, string | Blob>;
  /**
   * Why another host may post it and be answered (it names none of the demo host's ids, so it acts on
   * their own account): it is then posted only as the buyer and the scanner.
   */
  ownData?: string;
  /** Why a scanner on the demo host's team may post it: its answer is then not judged, but nothing may change. */
  scannerMay?: string;
  /**
   * Another answer that refuses as well for another host, and why it says nothing: e.g. 422 for an id
   * of theirs named by field with the same words as an id that does not exist.
   */
  alsoRefused?: { status: number; why: string };
}

/** A valid ticket type, as the event editor's Tickets view posts it. */
const ticketTypeForm = (over: Record<string, string>) => ({
  name: "Sweep ticket",
  description: "",
  kind: "general",
  price: "5.00",
  capacity: "10",
  maxPerOrder: "",
  salesStartDate: "",
  salesStartTime: "",
  salesEndDate: "",
  salesEndTime: "",
  seatSectionId: "",
  ...over,
});

/** A valid discount code, as the discount editor posts it. */
const discountForm = (over: Record<string, string>) => ({
  name: "Sweep discount",
  code: "SWEEP10",
  kind: "percent",
  value: "10",
  isActive: "on",
  startsDate: "",
  startsTime: "",
  endsDate: "",
  endsTime: "",
  maxUses: "",
  scope: "all",
  back: "/h/discounts",
  ...over,
});

/** A valid event overview, as the event form posts it, a month from now. */
function eventForm(over: Record<string, string> = {}): Record<string, string> {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    intent: "save",
    name: "Sweep Quiz Night",
    slug: "",
    category: "pubs-clubs-events",
    eventType: "quiz-night",
    tags: "quiz",
    description: "<p>A quiz.</p>",
    date: day,
    time: "19:30",
    endDate: "",
    endTime: "22:30",
    where: "venue",
    onlineUrl: "",
    venueId: "",
    currency: "GBP",
    feeMode: "pass",
    scope: "one",
    ...over,
  };
}

/**
 * Every /h route with an action, by route id (its file under src/web without the extension), and
 * the forms its page posts: one per intent, on the demo host's ids.
 */
/** The campaign editor's form as its page posts it: one heading block, to past buyers and the host's list. */
const campaignForm = (ids: Ids, intent: string): Record<string, string> => ({
  intent,
  subject: "Sweep campaign",
  previewText: "",
  blockKind: "heading",
  blockText: "Taken over",
  blockUrl: "",
  blockLabel: "",
  blockEvent: "",
  toBuyers: "on",
  listIds: ids.listId,
  sendAtDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  sendAtTime: "19:00",
});

const ACTIONS: Record<string, (ids: Ids) => Intent[]> = {
  "routes/h/promote.email-campaign._index": (): Intent[] => [
    { form: { intent: "create" }, ownData: "another host's new draft is their own" },
  ],
  "routes/h/promote.email-campaign.$campaignId": (ids): Intent[] =>
    ["save", "add:event", "remove:0", "up:1", "test", "schedule", "send-now", "unschedule", "delete"].map((i) => ({
      form: campaignForm(ids, i),
    })),
  "routes/h/marketing.email.recipients": (ids): Intent[] => [
    { form: { intent: "create-list", name: "Sweep other list" }, ownData: "another host's new list is their own" },
    { form: { intent: "delete-list", target: ids.listId } },
    {
      form: {
        intent: "preview",
        listId: ids.listId,
        file: new File(["Email\nsweep@example.com\n"], "sweep.csv", { type: "text/csv" }),
      },
    },
    {
      form: {
        intent: "import",
        listId: ids.listId,
        csv: "Email\nsweep@example.com\n",
        importId: "6f1c2b0e-2f4d-4c7a-9a55-5f0c1d2e3a4c",
        consentSource: "Sweep sign-up sheet",
        consentConfirmed: "on",
      },
    },
  ],
  "routes/h/tickets": (ids): Intent[] => [
    { form: { intent: "approve", target: ids.requestId, refund: "1.00" } },
    { form: { intent: "decline", target: ids.requestId, message: "No." } },
    { form: { intent: "offer-hours", target: ids.eventId, hours: "2" } },
    { form: { intent: "capacity", target: ids.ticketTypeId, capacity: "1" } },
  ],
  "routes/h/tickets.orders.$orderId": (): Intent[] => [{ form: { intent: "resend" } }],
  "routes/h/onlineprofile": (ids): Intent[] => [
    {
      form: {
        intent: "profile",
        hostTitle: "Taken Over",
        bio: "Not yours.",
        instagram: "instagram.com/takenover",
        image: ids.picture,
      },
      ownData: "the profile saved is the poster's own host's, named by no id",
    },
    {
      form: { intent: "colors", brandColor: "#1E3A8A", accentColor: "" },
      ownData: "the colours saved are the poster's own host's",
    },
  ],
  "routes/h/settings.colors": (): Intent[] => [
    {
      form: { intent: "colors", brandColor: "#1E3A8A", accentColor: "#FDE68A" },
      ownData: "the colours saved are the poster's own host's",
    },
  ],
  "routes/h/settings.notifications": (): Intent[] => [
    { form: { eventSummaries: "on" }, ownData: "the summaries changed are the poster's own host's" },
  ],
  "routes/h/settings.payouts": (): Intent[] => [
    { form: { intent: "connect" }, ownData: "the payout account opened is the poster's own host's" },
  ],
  "routes/h/settings.permissions": (ids): Intent[] => [
    {
      form: { intent: "invite", email: "sweep-invitee@example.com", role: "owner" },
      ownData: "another host's invitation goes to their own team",
    },
    { form: { intent: "role", target: ids.memberId, role: "owner" } },
    { form: { intent: "remove", target: ids.memberId } },
    { form: { intent: "revoke", target: ids.invitationId } },
  ],
  "routes/h/events.$eventId.edit.scanners": (ids): Intent[] => [
    { form: { intent: "grant", userId: ids.scannerUserId } },
    { form: { intent: "link", label: "Sweep door", hours: "2" } },
    { form: { intent: "revoke", target: ids.scannerLinkId } },
  ],
  "routes/h/switch-host": (ids): Intent[] => [
    {
      form: { hostId: ids.hostId },
      scannerMay: "the scanner is on the demo host's team: choosing that Studio is theirs to do",
    },
  ],
  "routes/h/invitations.$token": () => [{ form: {} }],
  "routes/h/events.new": (ids): Intent[] => [
    {
      form: eventForm({ venueId: ids.venueId }),
      alsoRefused: {
        status: 422,
        why: "another host's venue is named by field, in the words for one that isn't there",
      },
    },
  ],
  "routes/h/events.write": (): Intent[] => [
    {
      form: { intent: "write", name: "Sweep Quiz Night", category: "pubs-clubs-events", notes: "A quiz." },
      ownData: "a draft of words for another host's own form: nothing is stored",
    },
  ],
  "routes/h/venues.add": (): Intent[] => [
    {
      form: {
        name: "Sweep Hall",
        addressLine1: "1 High Street",
        city: "Leeds",
        postcode: "LS1 1AA",
        addKey: "6f1c2b0e-2f4d-4c7a-9a55-5f0c1d2e3a4b",
        capacity: "80",
      },
      ownData: "another host's new venue is their own",
    },
  ],
  "routes/h/venues.$venueId.overview": (ids): Intent[] => [
    { form: { intent: "save", ...ids.venueForm, name: "Taken Over" } },
    { form: { intent: "delete" } },
  ],
  "routes/h/venues.$venueId.seatplan": (): Intent[] => [
    { form: { rows: "2", columns: "3", rowName: "A", layout: "ooo\nooo" } },
  ],
  "routes/h/events.$eventId.status": (): Intent[] =>
    ["publish", "unpublish", "archive", "delete", "duplicate", "cancel", "cancel_free_orders"].map((intent) => ({
      form: { intent, back: "/h/events" },
    })),
  "routes/h/events.$eventId.edit.tickets": (ids): Intent[] => [
    { form: ticketTypeForm({ intent: "add", target: "new" }) },
    { form: ticketTypeForm({ intent: "update", target: ids.ticketTypeId }) },
    { form: { intent: "remove", target: ids.ticketTypeId } },
    { form: { intent: "move", target: ids.ticketTypeId, by: "down" } },
    { form: { intent: "companions", target: ids.eventId, companionTickets: "on" } },
    {
      form: discountForm({ intent: "discount", target: ids.eventId, scope: "some", eventIds: ids.eventId }),
      alsoRefused: {
        status: 422,
        why: "another host's event is named by field, in the words for one that isn't there",
      },
    },
  ],
  "routes/h/events.$eventId.edit.survey": (): Intent[] => [
    { form: { intent: "add", target: "new", label: "Dietary needs?", kind: "text", options: "" } },
    { form: { intent: "update", target: "q1", label: "Dietary needs?", kind: "text", options: "" } },
    { form: { intent: "remove", target: "q1" } },
    { form: { intent: "move", target: "q1", by: "down" } },
  ],
  "routes/h/discounts.new": (ids): Intent[] => [
    {
      form: discountForm({ scope: "some", eventIds: ids.eventId }),
      alsoRefused: {
        status: 422,
        why: "another host's event is named by field, in the words for one that isn't there",
      },
    },
  ],
  "routes/h/discounts.$discountId": (): Intent[] => [{ form: discountForm({ code: "TAKEN10" }) }],
  "routes/h/events.$eventId.edit._index": (ids): Intent[] => [
    { form: eventForm() },
    { form: { intent: "image-add", image: ids.picture } },
    { form: { intent: "image-move", key: ids.imageKey, direction: "later" } },
    { form: { intent: "image-remove", key: ids.imageKey } },
    { form: { intent: "repeat", every: "weekly", count: "2" } },
  ],
  "routes/h/events.$eventId.edit.guests": (ids): Intent[] => [
    { form: { intent: "checkin", kind: "ticket", target: ids.ticketId, to: "in" } },
    { form: { intent: "checkin", kind: "guest", target: ids.guestId, to: "in" } },
    { form: { intent: "remove", target: ids.guestId } },
    { form: { intent: "preview", file: new Blob(["Name\nSweep Guest\n"], { type: "text/csv" }) } },
    { form: { intent: "import", csv: "Name\nSweep Guest\n", importId: "5b1f6c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b" } },
  ],
  "routes/h/waitlists": (ids): Intent[] => [
    { form: { intent: "offer", target: ids.waitlistEntryId, mayAdd: "10" } },
    { form: { intent: "remove", target: ids.waitlistEntryId } },
  ],
  "routes/h/events.$eventId.edit.waitlist": (ids): Intent[] => [
    { form: { intent: "offer", target: ids.waitlistEntryId, mayAdd: "10" } },
    { form: { intent: "remove", target: ids.waitlistEntryId } },
    { form: { intent: "offer-hours", hours: "2" } },
  ],
  "routes/h/guests.addguest": (ids): Intent[] => [
    { form: { eventId: ids.eventId, name: "Sweep Guest", email: "", plusOnes: "0", notes: "", ticketTypeId: "" } },
  ],
  "routes/h/guests.edit.$guestId": (ids): Intent[] => [
    {
      form: { intent: "save", name: "Taken Over", email: "", plusOnes: "0", notes: "", ticketTypeId: ids.ticketTypeId },
    },
    { form: { intent: "remove" } },
  ],
  "routes/h/promote.$hostId.share": (ids): Intent[] => [
    {
      form: { intent: "create", eventId: ids.eventId, name: "Sweep link", medium: "social", source: "", campaign: "" },
    },
    { form: { intent: "rename", target: ids.trackingLinkId, name: "Taken over" } },
    { form: { intent: "archive", target: ids.trackingLinkId } },
    { form: { intent: "restore", target: ids.trackingLinkId } },
    { form: { intent: "delete", target: ids.trackingLinkId } },
  ],
  // Becoming a host acts on the signed-in person's own account only (and a host is sent on to the dashboard).
  "routes/h/onboarding": () => [],
};

/** /h pages that are not Partner Studio's, and why the sweep does not judge them. */
const NOT_STUDIO: Record<string, string> = {
  "routes/h/onboarding": "a buyer's own way to become a host: it shows them their own form",
  "routes/h/home": "the Studio's front door: it only redirects, to the first page of the asker's own role",
  "routes/h/scan.link.$token":
    "a scanner link: whoever holds it may open its own event's door, and only that (decision 0034)",
};

/** Pages a scanner on the team may open for the demo host, and why. */
const SCANNER_PAGES: Record<string, string> = {
  "routes/h/scan._index": "the door's chooser: it lists only the events the scanner was given (here none)",
};

interface StudioRoute {
  id: string;
  path: string;
  /** An index route: its forms post to its parent's address with `?index`. */
  index: boolean;
  params: string[];
  hasAction: boolean;
  /** A page (it renders something), not a resource route that only answers forms. */
  isPage: boolean;
  /** Whether a GET reads anything at all: a route with neither a loader nor a page only answers forms. */
  readable: boolean;
}

let database: Database;
let routes: Awaited<ReturnType<typeof loadRouteBuild>> | undefined;
let build: ServerBuild;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let ids: Ids;
const cookies: Record<string, string> = {};
/** Words only the demo host's own pages show: another host's pages must show none of them. */
let demoMarkers: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const codes = createTicketCodes("the access sweep's ticket secret");
  await seedDemoIfEmpty(database.db, { now: new Date(), storage: { save: async () => {} }, sign: codes.sign });
  routes = await loadRouteBuild();
  build = routes.build;
  testApp = await createTestApp(
    database,
    { DATA_DIR: `/tmp/ticketyboo-access-sweep-${process.pid}` },
    { getBuild: async () => build },
  );

  const db = database.db;
  const byEmail = async (email: string) => (await db.select().from(user).where(eq(user.email, email)))[0]!;
  const host = await byEmail("host@ticketyboo.test");
  // A scanner and a manager on the demo host's team, and an invitation waiting: the team's ids.
  const scanner = await createUser(db, { firstName: "Sid", lastName: "Scanner" });
  const manager = await createUser(db, { firstName: "Mia", lastName: "Manager" });
  await addHostMember(db, { hostId: host.id, userId: scanner.id, role: "scanner" });
  await addHostMember(db, { hostId: host.id, userId: manager.id, role: "manager" });
  const invited = await inviteToTeam(db, {
    hostId: host.id,
    invitedBy: host.id,
    email: "sweep-waiting@example.com",
    role: "manager",
    now: new Date(),
    throttle: createDbThrottle(db),
  });

  const [anEvent] = await db.select().from(event).where(eq(event.hostId, host.id)).limit(1);
  const [aVenue] = await db.select().from(venue).where(eq(venue.hostId, host.id)).limit(1);
  const [aDiscount] = await db.select().from(discount).where(eq(discount.hostId, host.id)).limit(1);
  const [anOrder] = await db.select().from(order).where(eq(order.hostId, host.id)).limit(1);
  const [aType] = await db.select().from(ticketType).where(eq(ticketType.eventId, anEvent!.id)).limit(1);
  const [aRequest] = await db
    .select({ id: cancellationRequest.id })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(and(eq(order.hostId, host.id), eq(cancellationRequest.status, "pending")))
    .limit(1);
  const [membership] = await db.select().from(hostMember).where(eq(hostMember.userId, manager.id));
  const aGuest = await addGuest(db, {
    hostId: host.id,
    eventId: anEvent!.id,
    guest: { name: "Sweep Door Guest", email: "", plusOnes: "1", notes: "", ticketTypeId: "" },
    now: new Date(),
  });
  const [aTicket] = await db.select().from(ticket).where(eq(ticket.orderId, anOrder!.id)).limit(1);
  const buyer = await byEmail("buyer@ticketyboo.test");
  const [waiting] = await db
    .insert(waitlistEntry)
    .values({ eventId: anEvent!.id, userId: buyer.id, quantity: 2 })
    .onConflictDoUpdate({
      target: [waitlistEntry.eventId, waitlistEntry.userId],
      targetWhere: sql`status in ('waiting', 'offered')`,
      set: { quantity: 2 },
    })
    .returning({ id: waitlistEntry.id });
  const aLink = await createScannerLink(db, {
    hostId: host.id,
    eventId: anEvent!.id,
    label: "Sweep side door",
    hours: 12,
    by: host.id,
    now: new Date(),
  });
  const aTrackingLink = await createTrackingLink(db, {
    hostId: host.id,
    eventId: anEvent!.id,
    createdBy: host.id,
    name: "Sweep promoter",
    medium: "referral",
    now: new Date(),
  });
  ids = {
    hostId: host.id,
    eventId: anEvent!.id,
    venueId: aVenue!.id,
    discountId: aDiscount!.id,
    reference: anOrder!.reference,
    orderId: anOrder!.id,
    ticketTypeId: aType!.id,
    requestId: aRequest!.id,
    memberId: membership!.id,
    invitationId: invited.invitationId,
    token: invited.token,
    guestId: aGuest.id,
    ticketId: aTicket!.id,
    waitlistEntryId: waiting!.id,
    imageKey: anEvent!.images[0] ?? "seed/events/none.jpg",
    scannerUserId: scanner.id,
    scannerLinkId: aLink.id,
    scannerLinkToken: aLink.token,
    trackingLinkId: aTrackingLink.id,
    campaignId: (await createCampaign(db, { hostId: host.id, by: host.id })).id,
    listId: (await createList(db, { hostId: host.id, name: "Sweep list" })).id,
    venueForm: {
      name: aVenue!.name,
      addressLine1: aVenue!.addressLine1,
      city: aVenue!.city,
      postcode: aVenue!.postcode,
      capacity: String(aVenue!.capacity ?? 120),
      lat: String(aVenue!.lat ?? ""),
      lng: String(aVenue!.lng ?? ""),
      accessNotes: "",
    },
    picture: new Blob(
      [
        new Uint8Array(
          await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c8175f" } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      { type: "image/jpeg" },
    ),
  };
  for (const [key, value] of Object.entries(ids)) expect(value, `the demo host's ${key}`).toBeTruthy();

  const host2 = await byEmail("host2@ticketyboo.test");
  const otherEvents = await db
    .select({ name: event.name })
    .from(event)
    .where(sql`${event.hostId} <> ${host.id}`);
  const ownEvents = await db.select({ name: event.name }).from(event).where(eq(event.hostId, host.id));
  const orders = await db.select({ reference: order.reference }).from(order).where(eq(order.hostId, host.id));
  demoMarkers = [
    host.hostTitle!,
    manager.email,
    scanner.email,
    "sweep-waiting@example.com",
    "Sweep list",
    ...ownEvents.map((e) => e.name).filter((n) => !otherEvents.some((o) => o.name === n)),
    ...orders.map((o) => o.reference),
  ];
  expect(host2.hostTitle).not.toBe(host.hostTitle);

  cookies["host2"] = await signIn("host2@ticketyboo.test", DEMO_PASSWORD);
  cookies["buyer"] = await signIn("buyer@ticketyboo.test", DEMO_PASSWORD);
  cookies["scanner"] = await signIn(scanner.email, FACTORY_PASSWORD);
  cookies["host"] = await signIn("host@ticketyboo.test", DEMO_PASSWORD);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  await routes?.close();
  await database?.close();
});

async function signIn(email: string, password: string): Promise<string> {
  const res = await testApp.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: testApp.config.publicUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `signing in ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("tb.session_token="))!
    .split(";")[0]!;
}

/** The /h routes of the app, from its route config: the full address of each, its params, whether it has a form. */
function studioRoutes(): StudioRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const r = routes[id]!;
    const parent = r.parentId ? fullPath(r.parentId) : "";
    return [parent, r.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(routes)
    .filter((r): r is NonNullable<typeof r> => Boolean(r?.path || (r?.index && r.parentId)))
    .map((r) => {
      const path = fullPath(r.id);
      return {
        id: r.id,
        path,
        index: Boolean(r.index),
        params: path
          .split("/")
          .filter((s) => s.startsWith(":") || s === "*")
          .map((s) => s.replace(/^:/, "").replace(/\?$/, "")),
        hasAction: typeof r.module.action === "function",
        isPage: typeof r.module.default === "function",
        readable: typeof r.module.default === "function" || typeof r.module.loader === "function",
      };
    })
    .filter((r) => r.path === "h" || r.path.startsWith("h/"));
}

function addressOf(route: StudioRoute): string {
  return (
    "/" +
    route.path
      .split("/")
      .map((s) => {
        if (!s.startsWith(":")) return s;
        const fill = PARAMS[s.slice(1).replace(/\?$/, "")];
        return fill ? encodeURIComponent(fill(ids)) : s;
      })
      .join("/")
  );
}

function request(path: string, who: string, form?: Record<string, string | Blob>) {
  const multipart = form && Object.values(form).some((v) => typeof v !== "string");
  let body: BodyInit | undefined;
  if (multipart) {
    const data = new FormData();
    for (const [name, value] of Object.entries(form)) data.append(name, value);
    body = data;
  } else if (form) body = new URLSearchParams(form as Record<string, string>).toString();
  return testApp.app.request(new URL(path, testApp.config.publicUrl).href, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      Cookie: cookies[who]!,
      Origin: testApp.config.publicUrl,
      ...(form && !multipart ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body,
  });
}

/**
 * A digest of every row of every table of ours and pg-boss's: any write the sweep's requests made
 * shows as a changed table. (Signing in happened before the first digest.)
 */
async function digest(): Promise<Record<string, string>> {
  const { rows: tables } = await database.db.execute<{ name: string }>(
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // The throttle's counters: only the demo host's. Another host's own orders file is counted
    // against that host (a limit on their own work), which changes nothing of the demo host's.
    const only = name === "public.rate_limit" ? sql` where t.key like ${`%${ids.hostId}%`}` : sql``;
    const { rows } = await database.db.execute<{ d: string | null }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${sql.raw(name)} t${only}`,
    );
    out[name] = rows[0]!.d ?? "";
  }
  return out;
}

const REFUSED = [403, 404];

/**
 * Whether a redirect from an address with the demo host's ids is the very one an address with ids
 * that exist nowhere gets (a resource route that sends every GET to a list, say): then it says nothing.
 */
async function answeredAlikeForNoId(route: StudioRoute, persona: string, res: Response): Promise<boolean> {
  if (res.status < 300 || res.status >= 400 || route.params.length === 0) return false;
  const madeUp = "/" + route.path.replace(/:[A-Za-z]+\??/g, () => randomUUID());
  const other = await request(madeUp, persona);
  await other.arrayBuffer();
  return other.status === res.status && other.headers.get("Location") === res.headers.get("Location");
}

const shown = (form: Intent["form"]) =>
  JSON.stringify(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v : "(file)"])));
type Persona = "host2" | "buyer" | "scanner";

/** Whether an answer keeps the demo host's data from this persona: the words of why not, or null when it does. */
function refusalProblem(persona: Persona, res: Response, also?: Intent["alsoRefused"]): string | null {
  const location = res.headers.get("Location") ?? "";
  if (REFUSED.includes(res.status)) return null;
  if (persona === "host2" && also && res.status === also.status) return null;
  if (persona === "buyer" && res.status >= 300 && res.status < 400 && /^\/(h\/onboarding|log-in)/.test(location))
    return null;
  return `answered ${res.status}${location ? ` → ${location}` : ""}`;
}

describe("the access sweep of Partner Studio", () => {
  it("finds the Studio's routes in the route config, and every page with a form says what to post", () => {
    const routes = studioRoutes();
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["h/dashboard", "h/tickets", "h/settings/permissions", "h/invitations/:token"]),
    );
    const missing = routes.filter((r) => r.hasAction && !(r.id in ACTIONS)).map((r) => r.id);
    expect(missing, "routes with an action missing from ACTIONS in this file: add the forms their pages post").toEqual(
      [],
    );
    const stale = Object.keys(ACTIONS).filter((id) => !routes.some((r) => r.id === id && r.hasAction));
    expect(stale, "ACTIONS names routes that no longer have an action").toEqual([]);
    const unfilled = routes.flatMap((r) => r.params.filter((p) => !(p in PARAMS)).map((p) => `${r.path} (:${p})`));
    expect(unfilled, "params with no demo-host id to fill them: add them to PARAMS").toEqual([]);
  });

  it("opens every page as the demo host, so the ids are real and a 404 means something", async () => {
    for (const route of studioRoutes().filter((r) => r.isPage)) {
      const res = await request(addressOf(route), "host");
      expect(res.status, `${addressOf(route)} as the demo host`).not.toBe(404);
      expect(res.status, `${addressOf(route)} as the demo host`).toBeLessThan(500);
    }
  });

  for (const persona of ["host2", "buyer", "scanner"] as const) {
    it(`as ${persona}: every page and every form on the demo host's ids is refused, and nothing changes`, async () => {
      const before = await digest();
      const problems: string[] = [];
      for (const route of studioRoutes()) {
        if (route.id in NOT_STUDIO) continue;
        const address = addressOf(route);

        const page = await request(address, persona);
        const body = await page.text();
        if (!route.readable) {
          // Nothing to read: React Router refuses the GET itself (400), whoever asks.
          if (page.status < 400 || page.status >= 500) problems.push(`GET ${address}: answered ${page.status}`);
        } else if (persona === "host2" && route.params.length === 0) {
          // Their own page of the same name is theirs to see, with none of the demo host's data in it.
          if (page.status >= 500) problems.push(`GET ${address}: answered ${page.status}`);
          const leaked = demoMarkers.filter((m) => body.includes(m));
          if (leaked.length > 0) problems.push(`GET ${address}: shows the demo host's ${leaked.join(", ")}`);
        } else if (persona === "scanner" && route.id in SCANNER_PAGES) {
          if (page.status !== 200) problems.push(`GET ${address}: a scanner's page answered ${page.status}`);
        } else {
          const problem = refusalProblem(persona, page);
          if (problem && !(await answeredAlikeForNoId(route, persona, page)))
            problems.push(`GET ${address}: ${problem}`);
        }

        if (!route.hasAction) continue;
        const listed = ACTIONS[route.id];
        if (!listed) {
          problems.push(`POST ${address}: no forms for it in ACTIONS`);
          continue;
        }
        for (const intent of listed(ids)) {
          if (persona === "host2" && intent.ownData) continue;
          const res = await request(route.index ? `${address}?index` : address, persona, intent.form);
          await res.arrayBuffer();
          if (persona === "scanner" && intent.scannerMay) continue;
          const problem = refusalProblem(persona, res, intent.alsoRefused);
          if (problem) problems.push(`POST ${address} ${shown(intent.form)}: ${problem}`);
        }
      }
      // Work a request may have recorded is queued after it: let that happen before looking.
      await testApp.afterCommit.sweep();
      const after = await digest();
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      expect(problems).toEqual([]);
      expect(changed, "tables changed by the sweep").toEqual([]);
      // Every /h page and form, several renders each: more than the default 30 s on a busy machine.
    }, 120_000);
  }
});
