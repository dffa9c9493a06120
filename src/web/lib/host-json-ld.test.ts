import { describe, expect, it } from "vitest";
import type { EventCardData } from "~/services/discover-events";
import type { PublicProfile } from "~/services/get-public-profile";
import { hostJsonLd } from "./host-json-ld";

const profile: PublicProfile = {
  id: "host-1",
  userType: "host",
  displayName: "The Crown Collective",
  hostTitle: "The Crown Collective",
  firstName: "Harriet",
  lastName: "Host",
  username: "thecrowncollective",
  isVerified: true,
  bio: "Quiz nights,\n gigs and  workshops.",
  image: "/media/seed/users/host.jpg",
  coverImage: null,
  memberSince: new Date("2026-01-01T00:00:00Z"),
};

const event = {
  name: "Folk Night",
  slug: "folk-night-ab12",
  startsAt: new Date("2026-12-12T19:30:00Z"),
} as EventCardData;

describe("hostJsonLd", () => {
  it("describes a host under their own name as an Organization with its page, logo, links and events", () => {
    expect(
      hostJsonLd(
        {
          profile,
          socialLinks: { instagram: "https://instagram.com/crown", website: "https://crown.example" },
          upcoming: [event],
        },
        "https://ticketyboo.example",
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "The Crown Collective",
      url: "https://ticketyboo.example/thecrowncollective",
      description: "Quiz nights, gigs and workshops.",
      logo: "https://ticketyboo.example/img?url=%2Fmedia%2Fseed%2Fusers%2Fhost.jpg&w=640",
      image: "https://ticketyboo.example/img?url=%2Fmedia%2Fseed%2Fusers%2Fhost.jpg&w=640",
      sameAs: ["https://instagram.com/crown", "https://crown.example"],
      event: [
        {
          "@type": "Event",
          name: "Folk Night",
          startDate: "2026-12-12T19:30:00.000Z",
          url: "https://ticketyboo.example/events/folk-night-ab12",
        },
      ],
    });
  });

  it("describes a host without a host name as a Person, leaving out what they have not given", () => {
    const person = { ...profile, hostTitle: null, displayName: "Harriet Host", bio: null, image: null };
    expect(hostJsonLd({ profile: person, socialLinks: {}, upcoming: [] }, "https://ticketyboo.example/")).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Harriet Host",
      url: "https://ticketyboo.example/thecrowncollective",
    });
  });
});
