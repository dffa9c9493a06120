import { describe, expect, it } from "vitest";
import { priceTerms } from "~/domain/pricing";
import type { EventPage } from "~/services/get-event-page";
import { eventJsonLd } from "./event-json-ld";

const now = new Date("2026-11-24T12:00:00Z");
const base: EventPage = {
  id: "e1",
  slug: "kelham-island-pub-quiz-ab12",
  name: "Kelham Island Pub Quiz",
  summary: "Six rounds and a picture round.",
  description: "Teams of up to six. Prizes for the top three.",
  descriptionHtml: "<p>Teams of up to six.</p><p>Prizes for the top three.</p>",
  category: "pubs-clubs-events",
  eventType: "quiz-night",
  currency: "GBP",
  priceTerms: priceTerms("pass", "GBP"),
  images: ["seed/events/quiz.jpg"],
  tags: [],
  startsAt: new Date("2026-11-26T19:30:00Z"),
  endsAt: new Date("2026-11-26T22:00:00Z"),
  status: "published",
  isPrivate: false,
  isCancelled: false,
  isOnline: false,
  updatedAt: new Date("2026-11-01T09:00:00Z"),
  host: {
    id: "h1",
    name: "Nadia Okafor",
    title: "Northern Sparks",
    image: null,
    username: "northernsparks",
    isVerified: true,
    bio: null,
    showsGuests: false,
  },
  venue: {
    name: "Kelham Island Tavern",
    addressLine1: "62 Russell Street",
    city: "Sheffield",
    postcode: "S3 8RW",
    formattedAddress: "62 Russell Street, Sheffield S3 8RW",
    lat: 53.3893,
    lng: -1.4712,
    seatRows: null,
    seatColumns: null,
    seatRowNames: [],
    seatSections: [],
    seatMarks: [],
    access: null,
  },
  tickets: [
    {
      id: "t1",
      name: "Team place",
      description: null,
      kind: "general",
      pricePence: 300,
      payWhatYouWish: false,
      capacity: 60,
      sold: 60,
      held: 0,
      maxPerOrder: 6,
      salesStartAt: null,
      salesEndAt: null,
      seatSectionId: null,
    },
    {
      id: "t2",
      name: "Late entry",
      description: null,
      kind: "scheduled_visible",
      pricePence: 500,
      payWhatYouWish: false,
      capacity: 20,
      sold: 0,
      held: 0,
      maxPerOrder: 6,
      salesStartAt: new Date("2026-11-25T09:00:00Z"),
      salesEndAt: null,
      seatSectionId: null,
    },
    {
      id: "t3",
      name: "Crew",
      description: null,
      kind: "private",
      pricePence: 0,
      payWhatYouWish: false,
      capacity: 5,
      sold: 0,
      held: 0,
      maxPerOrder: 2,
      salesStartAt: null,
      salesEndAt: null,
      seatSectionId: null,
    },
  ],
};

describe("eventJsonLd", () => {
  const ld = eventJsonLd(base, "https://ticketyboo.example", now);

  it("has every field Google's Event guidelines ask for, with absolute URLs", () => {
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Kelham Island Pub Quiz",
      startDate: "2026-11-26T19:30:00.000Z",
      endDate: "2026-11-26T22:00:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      url: "https://ticketyboo.example/events/kelham-island-pub-quiz-ab12",
      organizer: { "@type": "Organization", name: "Northern Sparks", url: "https://ticketyboo.example/northernsparks" },
    });
    expect(ld.location).toEqual({
      "@type": "Place",
      name: "Kelham Island Tavern",
      address: {
        "@type": "PostalAddress",
        streetAddress: "62 Russell Street",
        addressLocality: "Sheffield",
        postalCode: "S3 8RW",
        addressCountry: "GB",
      },
      geo: { "@type": "GeoCoordinates", latitude: 53.3893, longitude: -1.4712 },
    });
    expect(ld.image).toEqual(["https://ticketyboo.example/img?url=%2Fmedia%2Fseed%2Fevents%2Fquiz.jpg&w=1200"]);
    expect(ld.description).toContain("Six rounds and a picture round. Teams of up to six. Prizes for the top three.");
  });

  it("offers the visible tickets at their all-in prices with honest availability, never the private one", () => {
    expect(ld.offers).toEqual([
      expect.objectContaining({
        name: "Team place",
        price: "3.03",
        priceCurrency: "GBP",
        availability: "https://schema.org/SoldOut",
        validFrom: "2026-11-01T09:00:00.000Z",
      }),
      expect.objectContaining({
        name: "Late entry",
        price: "5.05",
        availability: "https://schema.org/PreOrder",
        validFrom: "2026-11-25T09:00:00.000Z",
      }),
    ]);
  });

  it("prices offers as cards and checkout do: face value when the host absorbs the fee, in event currency", () => {
    const absorbed = eventJsonLd(
      { ...base, priceTerms: priceTerms("absorb", "GBP") },
      "https://ticketyboo.example",
      now,
    );
    expect(absorbed.offers).toEqual([
      expect.objectContaining({ name: "Team place", price: "3.00", priceCurrency: "GBP" }),
      expect.objectContaining({ name: "Late entry", price: "5.00", priceCurrency: "GBP" }),
    ]);
    const inEuros = eventJsonLd(
      { ...base, currency: "EUR", priceTerms: priceTerms("pass", "EUR") },
      "https://ticketyboo.example",
      now,
    );
    expect(inEuros.offers).toEqual([
      expect.objectContaining({ name: "Team place", price: "3.03", priceCurrency: "EUR" }),
      expect.objectContaining({ name: "Late entry", price: "5.05", priceCurrency: "EUR" }),
    ]);
  });

  it("marks cancelled and online events, and discontinues offers once it has ended", () => {
    const cancelled = eventJsonLd(
      { ...base, isCancelled: true, isOnline: true, venue: null },
      "https://ticketyboo.example",
      now,
    );
    expect(cancelled.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(cancelled.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect(cancelled.location).toEqual({
      "@type": "VirtualLocation",
      url: "https://ticketyboo.example/events/kelham-island-pub-quiz-ab12",
    });
    const after = eventJsonLd(base, "https://ticketyboo.example", new Date("2026-11-27T00:00:00Z"));
    expect(
      (after.offers as { availability: string }[]).every((o) => o.availability === "https://schema.org/Discontinued"),
    ).toBe(true);
  });
});
