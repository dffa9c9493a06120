import { describe, expect, it } from "vitest";
import { linksInEmail } from "~/lib/email-links";
import type { EmailTemplate } from "~/services/mailer";
import { renderEmail } from "./render.server";

const publicUrl = "https://tickets.example.org/";
const verifyUrl = "https://tickets.example.org/api/auth/verify-email?token=v-123&callbackURL=%2Femail-verified";
const resetUrl = "https://tickets.example.org/reset-password?token=r-456";
const changeUrl = "https://tickets.example.org/api/auth/verify-email?token=c-789&callbackURL=%2Femail-verified";

const cases: { template: EmailTemplate; subject: string; action: { text: string; href: string }; says: RegExp[] }[] = [
  {
    template: { name: "verify-email", props: { firstName: "Bea", url: verifyUrl } },
    subject: "Verify your email for Ticketyboo",
    action: { text: "Verify my email", href: verifyUrl },
    says: [/Hi Bea,/, /expires in 24 hours/],
  },
  {
    template: { name: "reset-password", props: { firstName: "Bea", url: resetUrl } },
    subject: "Reset your Ticketyboo password",
    action: { text: "Choose a new password", href: resetUrl },
    says: [/Hi Bea,/, /expires in 1 hour/, /password stays as it is/],
  },
  {
    template: { name: "change-email", props: { firstName: "Bea", url: changeUrl, newEmail: "bea.new@example.com" } },
    subject: "Confirm your new email address",
    action: { text: "Confirm my new email", href: changeUrl },
    says: [/bea\.new@example\.com/, /expires in 24 hours/],
  },
  {
    template: { name: "welcome", props: { firstName: "Bea", userType: "buyer" } },
    subject: "Welcome to Ticketyboo, Bea",
    action: { text: "Find something to do", href: "https://tickets.example.org/" },
    says: [/Hi Bea,/, /price you see is the price you pay/],
  },
  {
    template: { name: "welcome", props: { firstName: "Harriet", userType: "host" } },
    subject: "Welcome to Ticketyboo, Harriet",
    action: { text: "Open Partner Studio", href: "https://tickets.example.org/h/dashboard" },
    says: [/Hi Harriet,/, /Partner Studio is where you create events/],
  },
  {
    template: {
      name: "team-invitation",
      props: {
        hostTitle: "The Crown Collective",
        inviterName: "Harriet Host",
        role: "Manager",
        roleDescription: "Events, tickets, orders and reports.",
        until: "Thursday 3 December 2026, 10:00 am",
        acceptUrl: "https://tickets.example.org/h/invitations/t-123",
      },
    },
    subject: "Join The Crown Collective's team on Ticketyboo",
    action: { text: "Accept the invitation", href: "https://tickets.example.org/h/invitations/t-123" },
    says: [/Harriet Host has invited you/, /Manager/, /works once, until Thursday 3 December 2026, 10:00 am/],
  },
  {
    template: {
      name: "event-changed",
      props: {
        firstName: "Sam",
        eventName: "Quiz at the Crown",
        when: "Tuesday 8 December 2026, 8:00 pm (UK time)",
        where: "The Crown, 1 High Street, Sheffield",
        wasWhen: "Tuesday 8 December 2026, 7:30 pm (UK time)",
        wasWhere: null,
        sameDay: true,
        reference: "TB-7QK2MZ9P",
        url: "https://tickets.example.org/u/tickets",
        isBuyer: false,
      },
    },
    subject: "New time for Quiz at the Crown",
    action: { text: "See my tickets", href: "https://tickets.example.org/u/tickets" },
    says: [
      /Hi Sam,/,
      /The time has changed/,
      /The host has changed the time of Quiz at the Crown/,
      /When: Tuesday 8 December 2026, 8:00 pm \(UK time\)\n+Previously: Tuesday 8 December 2026, 7:30 pm/,
      /Where: The Crown, 1 High Street, Sheffield\n(?!\n*Previously)/,
      /pass it on to a friend/,
    ],
  },
  {
    template: {
      name: "event-link",
      props: {
        firstName: "Sam",
        eventName: "Online Quiz",
        when: "Tuesday 8 December 2026, 8:00 pm (UK time)",
        joinUrl: "https://meet.example.com/online-quiz",
        added: true,
        reference: "TB-7QK2MZ9P",
        url: "https://tickets.example.org/u/tickets",
        isBuyer: false,
      },
    },
    subject: "How to join Online Quiz",
    action: { text: "Join the event", href: "https://meet.example.com/online-quiz" },
    says: [
      /Hi Sam,/,
      /The host has added the link to join Online Quiz/,
      /on your tickets too: https:\/\/tickets\.example\.org\/u\/tickets/,
    ],
  },
  {
    template: {
      name: "waitlist-event-cancelled",
      props: {
        firstName: "Bea",
        eventName: "Quiz at the Crown",
        when: "Tuesday 8 December 2026, 7:30 pm",
        url: "https://tickets.example.org/explore",
      },
    },
    subject: "Cancelled: Quiz at the Crown (you were on its waitlist)",
    action: { text: "Find something else to do", href: "https://tickets.example.org/explore" },
    says: [/Hi Bea,/, /no places will come up/, /nothing to refund/],
  },
  {
    template: {
      name: "host-summary",
      props: {
        hostName: "Harriet",
        kind: "month",
        title: "November 2026",
        figures: [
          { label: "Tickets sold", value: "1.2k" },
          { label: "Net sales", value: "£14.5k" },
        ],
        topEvents: [{ name: "Quiz at the Crown", gross: "£3.2k" }],
        reportUrl: "https://tickets.example.org/h/reports/overview?from=2026-11-01&to=2026-11-30",
      },
    },
    subject: "Your November 2026 on Ticketyboo",
    action: {
      text: "Open the full report",
      href: "https://tickets.example.org/h/reports/overview?from=2026-11-01&to=2026-11-30",
    },
    says: [
      /Hello Harriet,/,
      /Tickets sold: 1\.2k/,
      /Net sales: £14\.5k/,
      /Quiz at the Crown: £3\.2k/,
      /turn these summaries off/,
    ],
  },
  {
    template: { name: "host-onboarding", props: { hostName: "Harriet" } },
    subject: "Let's get your first event on sale",
    action: { text: "Set up my host profile", href: "https://tickets.example.org/h/onboarding" },
    says: [/Hi Harriet,/, /Create your event and its tickets/],
  },
];

describe("renderEmail", () => {
  it.each(cases)(
    "renders $template.name ($action.text) with its subject, link, HTML and plain text",
    async ({ template, subject, action, says }) => {
      const email = await renderEmail(template, { publicUrl });
      expect(email.subject).toBe(subject);

      // One button for the action, and the same address spelled out for copying.
      const links = linksInEmail(email.html);
      expect(links).toEqual([action, { text: action.href, href: action.href }]);
      expect(email.html).toContain(action.href.replace(/&/g, "&amp;"));

      expect(email.text).toContain(action.href);
      expect(email.text).toContain(action.text);
      for (const phrase of says) {
        expect(email.text).toMatch(phrase);
      }

      // The shared frame: wordmark, footer, brand pink, nothing loaded from elsewhere.
      expect(email.text).toMatch(/^Ticketyboo\n/);
      expect(email.text).toContain("You're receiving this because");
      expect(email.text).toContain("Ticketyboo · tickets for the UK grassroots scene");
      expect(email.html).toContain('lang="en-GB"');
      expect(email.html).toContain("#c8175f");
      expect(email.html).not.toMatch(/<img|<link|@import|@font-face|url\(/i);
      // The preview line is for inboxes, not for the plain-text body.
      expect(email.text).not.toMatch(/\u200c|\u200b/);
    },
  );

  it("tells buyers and hosts different things in the welcome", async () => {
    const buyer = await renderEmail({ name: "welcome", props: { firstName: "Sam", userType: "buyer" } }, { publicUrl });
    const host = await renderEmail({ name: "welcome", props: { firstName: "Sam", userType: "host" } }, { publicUrl });
    expect(buyer.text).not.toContain("Partner Studio");
    expect(host.text).toContain("Partner Studio");
  });

  it("escapes what people typed, and greets them warmly without a name", async () => {
    const email = await renderEmail(
      { name: "verify-email", props: { firstName: '<b onclick="x">Eve</b>', url: verifyUrl } },
      { publicUrl },
    );
    expect(email.html).not.toContain("<b onclick");
    expect(email.html).toContain("&lt;b onclick=");
    const anonymous = await renderEmail(
      { name: "welcome", props: { firstName: " ", userType: "buyer" } },
      { publicUrl },
    );
    expect(anonymous.subject).toBe("Welcome to Ticketyboo");
    expect(anonymous.text).toContain("Hi there,");
  });
});

describe("after-sale emails", () => {
  const orderUrl = "https://tickets.example.org/orders/TB-7QK2MZ9P";
  const afterSale: {
    template: EmailTemplate;
    subject: string;
    action: { text: string; href: string };
    says: RegExp[];
    saysNot?: RegExp[];
  }[] = [
    {
      template: {
        name: "ticket-shared",
        props: {
          toName: "Sam",
          toEmail: "sam@example.com",
          fromName: "Bea Buyer",
          eventName: "Folk Night",
          when: "Saturday 5 December 2026, 7:30 pm",
          where: "The Jericho Tavern, Oxford",
          ticketName: "General admission",
          claimUrl: "https://tickets.example.org/tickets/claim/tok",
        },
      },
      subject: "Bea Buyer sent you a ticket to Folk Night",
      action: { text: "Claim my ticket", href: "https://tickets.example.org/tickets/claim/tok" },
      says: [
        /Hi Sam,/,
        /General admission/,
        /stops working/,
        /sign up as sam@example\.com to claim it: only that address/,
      ],
    },
    {
      template: {
        name: "cancellation-requested",
        props: {
          hostName: "Harriet",
          buyerName: "Bea Buyer",
          reference: "TB-7QK2MZ9P",
          eventName: "Folk Night",
          tickets: "2 × General admission",
          total: "£20.20",
          reason: "I'm ill",
          manageUrl: "https://tickets.example.org/h/tickets",
        },
      },
      subject: "Cancellation requested: Folk Night (TB-7QK2MZ9P)",
      action: { text: "Review the request", href: "https://tickets.example.org/h/tickets" },
      says: [/Hi Harriet,/, /Their reason:\s*I'm ill/, /2 × General admission · £20\.20/],
    },
    {
      template: {
        name: "cancellation-decided",
        props: {
          firstName: "Bea",
          reference: "TB-7QK2MZ9P",
          eventName: "Folk Night",
          outcome: "approved",
          refund: "£20.20",
          hostMessage: null,
          orderUrl,
        },
      },
      subject: "Your booking for Folk Night is cancelled",
      action: { text: "See my order", href: orderUrl },
      says: [/£20\.20 is on its way back/],
    },
    {
      template: {
        name: "cancellation-decided",
        props: {
          firstName: "Bea",
          reference: "TB-7QK2MZ9P",
          eventName: "Folk Night",
          outcome: "declined",
          refund: null,
          hostMessage: "No refunds in the last 48 hours.",
          orderUrl,
        },
      },
      subject: "Your cancellation request for Folk Night",
      action: { text: "See my order", href: orderUrl },
      says: [/still valid/, /The host says: “No refunds in the last 48 hours\.”/],
    },
    {
      template: {
        name: "refund-issued",
        props: { firstName: "Bea", reference: "TB-7QK2MZ9P", eventName: "Folk Night", amount: "£10.00", orderUrl },
      },
      subject: "Refund of £10.00 for order TB-7QK2MZ9P",
      action: { text: "See my order", href: orderUrl },
      says: [/We've refunded £10\.00 for order/, /5 to 10 working days/],
    },
    {
      template: {
        name: "refund-issued",
        props: {
          firstName: "Bea",
          reference: "TB-7QK2MZ9P",
          eventName: "Folk Night",
          amount: "£3",
          paid: "£6.06",
          orderUrl,
        },
      },
      subject: "Refund of £3 for order TB-7QK2MZ9P",
      action: { text: "See my order", href: orderUrl },
      says: [/We've refunded £3 of the £6\.06 you paid for order TB-7QK2MZ9P/],
    },
    {
      template: {
        name: "waitlist-offer",
        props: {
          firstName: "Ann",
          eventName: "Folk Night",
          when: "Saturday 5 December 2026, 7:30 pm",
          quantity: 2,
          until: "Wednesday 25 November 2026, 12:00 am",
          checkoutUrl: "https://tickets.example.org/checkout/h1",
        },
      },
      subject: "Places have come up for Folk Night",
      action: { text: "Book my places", href: "https://tickets.example.org/checkout/h1" },
      says: [/holding 2 places for you until/, /go to the next person waiting/],
    },
    {
      // Fewer places came up than they asked for: say so, and that they keep their place in line.
      template: {
        name: "waitlist-offer",
        props: {
          firstName: "Ann",
          eventName: "Folk Night",
          when: "Saturday 5 December 2026, 7:30 pm",
          quantity: 1,
          asked: 3,
          until: "Wednesday 25 November 2026, 12:00 am",
          checkoutUrl: "https://tickets.example.org/checkout/h2",
        },
      },
      subject: "A place has come up for Folk Night",
      action: { text: "Book my place", href: "https://tickets.example.org/checkout/h2" },
      says: [/holding 1 of the 3 places you asked for/, /stay first in line for the other 2/],
    },
  ];

  it.each(afterSale)(
    "renders $template.name with its subject, one action and its facts",
    async ({ template, subject, action, says }) => {
      const email = await renderEmail(template, { publicUrl });
      expect(email.subject).toBe(subject);
      expect(linksInEmail(email.html)).toEqual([action, { text: action.href, href: action.href }]);
      for (const phrase of says) expect(email.text).toMatch(phrase);
      expect(email.text).toContain("You're receiving this because");
      expect(email.text).not.toContain("Unsubscribe");
    },
  );

  it("gives the day-before reminder directions and a one-click unsubscribe", async () => {
    const email = await renderEmail(
      {
        name: "event-reminder",
        props: {
          firstName: "Bea",
          eventName: "Folk Night",
          when: "Saturday 5 December 2026, 7:30 pm",
          where: "The Jericho Tavern, Oxford",
          tickets: 2,
          ticketsUrl: "https://tickets.example.org/u/tickets",
          directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=51.7,-1.2",
          unsubscribeUrl: "https://tickets.example.org/email/unsubscribe?token=t",
        },
      },
      { publicUrl },
    );
    expect(email.subject).toBe("Tomorrow: Folk Night");
    const links = linksInEmail(email.html);
    expect(links).toContainEqual({ text: "Show my tickets", href: "https://tickets.example.org/u/tickets" });
    expect(links).toContainEqual({
      text: "directions",
      href: "https://www.google.com/maps/dir/?api=1&destination=51.7,-1.2",
    });
    expect(links).toContainEqual({
      text: "Unsubscribe",
      href: "https://tickets.example.org/email/unsubscribe?token=t",
    });
    expect(email.text).toMatch(/your 2 tickets are ready/);
  });
});
