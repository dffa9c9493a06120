import type { ContentKind } from "../../domain/content-posts";

/**
 * The demo's staff-written posts: a few blogs, guides, a case study, a news item and the help
 * centre's articles. Everything they say is true of this app (README, the code); they read as
 * Ticketyboo's own. `daysAgo` places each in time relative to the seed's `now`.
 */
export interface DemoPost {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  topic?: string;
  /** Drawn as a header picture (generated, like the events' covers) when set: the motif's category. */
  picture?: string;
  daysAgo: number;
  /** Edited this many days after publishing. */
  editedAfterDays?: number;
  body: string;
}

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    kind: "blog",
    slug: "why-we-show-the-all-in-price",
    title: "Why every price on Ticketyboo is the all-in price",
    description:
      "No fees sprung at checkout: the price on the card is the price you pay. Here is why we built it that way.",
    picture: "music-events",
    daysAgo: 41,
    editedAfterDays: 3,
    body: `You have seen it a hundred times: a gig listed at £10, and a total of £13.45 once you reach the
last page. We think that is a poor way to treat people, and since the Digital Markets, Competition and
Consumers Act 2024 it is not how prices should be shown in the UK either.

## The price you see is the price you pay

Every price on Ticketyboo is **all-in**: the face value plus the booking fee. It is the same number on
the event card, on the map, in search results, in the booking widget on a host's own website and at
checkout. Checkout then shows the breakdown, so you can see what goes to the host and what to us.

## Hosts still choose who pays the fee

A host can pass the booking fee on to buyers or absorb it themselves, event by event. Either way the
buyer sees one honest number; only the split behind it changes.

## One price function

Behind the scenes there is exactly one piece of code that works out a price, and everything that shows
one asks it. That is how the card, the widget and checkout can never disagree.`,
  },
  {
    kind: "blog",
    slug: "running-the-door-with-no-signal",
    title: "Running the door with no signal",
    description:
      "Basements, fields and old churches rarely have good reception. Ticketyboo's door app keeps scanning anyway.",
    picture: "pubs-clubs-events",
    daysAgo: 24,
    body: `The best rooms for a gig are often the worst for a phone signal. So the door app was built to
work without one.

## Download once, scan all night

When a scanner opens an event's scan page, it downloads the ticket list. From then on it checks each
ticket's signed code on the phone itself, so a queue keeps moving when the signal drops. The screen
always says whether it is online, how many scans are waiting to sync and when it last synced.

## Two doors, one ticket

If two gates let in the same ticket while both are offline, the earlier scan wins once they sync, and
the other is reported on the device and in the event's Scan tab, so the host can see exactly what
happened.

## Volunteers without accounts

Hosts can make a **scanner link** for a volunteer: no account needed, valid for 1 to 72 hours and
revocable at once. Send it by message, and they are scanning in seconds.`,
  },
  {
    kind: "blog",
    slug: "five-things-that-help-a-pub-quiz-sell-out",
    title: "Five things that help a pub quiz sell out",
    description: "Small habits from hosts whose quiz nights fill every table, using tools already in Partner Studio.",
    picture: "pubs-clubs-events",
    daysAgo: 9,
    body: `Quiz nights are the backbone of many a pub's week. Here is what the busiest hosts on Ticketyboo do.

1. **Put the date on sale early.** Repeat the event weekly or monthly in one go: each date is a real
   event with its own tickets.
2. **Turn on the waitlist.** When a night sells out, people join the line. If a team drops out, the
   first in line is offered their places, held for them for 12 hours.
3. **Reward regulars with a code.** A discount code for your mailing list, limited to the nights you
   choose, keeps the same faces coming back.
4. **Know where bookings come from.** Make a tracking link for each poster, promoter or post, and see
   visits, orders and tickets for each one.
5. **Use the share kit.** Every event has an A4 poster with a QR code, square and story pictures and
   ready-written texts to paste.`,
  },
  {
    kind: "guide",
    slug: "your-first-ticketed-night",
    title: "A host's guide to your first ticketed night",
    description: "From signing up as a partner to the last scan at the door, step by step.",
    picture: "community-events",
    daysAgo: 30,
    body: `## 1. Become a partner

Choose **Become a Partner** in the account menu. Tell us your host name and you have your own Partner
Studio.

## 2. Add your venue

Under **Venues**, add the address with a UK postcode, drag the pin if it needs it, and set the capacity
and access information. Seated rooms can have a seat plan.

## 3. Create the event

**New event** makes a draft: name, category, a description, the date and times, the venue, and who
pays the booking fee. Add pictures, then ticket types: a price or free, pay what you wish, how many and
when they are on sale.

## 4. Publish and share

Publishing needs tickets and a venue. Then open **Promote** for the poster, the social pictures and
tracking links.

## 5. On the night

Give your door team access under **Scanners**, or send a volunteer a scanner link. The scan page works
with no signal and syncs later.

## 6. Afterwards

Check **Reports** for what sold, and **Settings › Payouts** to connect the account your money goes to.`,
  },
  {
    kind: "guide",
    slug: "tickets-a-guests-guide",
    title: "A guest's guide to tickets on Ticketyboo",
    description: "Booking, keeping your tickets offline, sending one to a friend and what to do if you can't go.",
    picture: "arts-culture-events",
    daysAgo: 18,
    body: `## Booking

Pick your tickets and press Checkout. Your tickets are held for ten minutes while you pay, and the
price you saw is the price you pay.

## Your tickets

Everything you have booked is in **My Tickets**. Open a ticket once and it stays on your phone, so it
shows at the door even with no signal. You can also download it as a PDF or add the event to your
calendar.

## Sending one to a friend

From the ticket's page, send it to a friend by email. They claim it into their own account, and your
copy's code stops working.

## If you can't go

On your order's page, a free booking is cancelled at once and the places go back on sale. For a paid
booking you send the host a request with a reason; the host decides and can refund in full or in part.

## Sold out?

Join the waitlist. If places free up you will get an email, and the places are held for you while you
book.`,
  },
  {
    kind: "case_study",
    slug: "the-crown-collective",
    title: "The Crown Collective: quiz nights, gigs and fundraisers from one Studio",
    description:
      "How a small collective runs a busy calendar across pubs, parks and small venues without a box office.",
    picture: "charity-fundraising-events",
    daysAgo: 14,
    body: `The Crown Collective puts on quiz nights, gigs, workshops and fundraisers across the UK, with a
team of volunteers and no box office.

> "Everyone is welcome, and the price you see is the price you pay." — The Crown Collective

## One calendar

Their regular nights are repeated weekly in one step, so every date is on sale months ahead. A discount
code for regulars, \`crowd10\`, takes 10% off their events.

## A team, not a login

Owners invite managers and scanners by email, each with the access they need. On the night, volunteers
scan from their own phones with a scanner link that expires after the event.

## Knowing what worked

Tracking links on each poster and promoter show which ones sell tickets, and the reports show sales by
event, ticket type, discount and day of the week.`,
  },
  {
    kind: "news",
    slug: "partner-studio-is-here",
    title: "Partner Studio: everything a host needs, in one place",
    description:
      "Events, tickets, the door, guests, waitlists, promotion, email and payouts now live together in Partner Studio.",
    picture: "business-networking-events",
    daysAgo: 6,
    body: `Today every hosting tool on Ticketyboo lives in **Partner Studio**, one click from the account
menu.

- **Events and tickets**: drafts, pictures, repeating dates, ticket types and discount codes.
- **The door**: scanning that works offline, and scanner links for volunteers.
- **Guests and waitlists**: one list across events, with imports and exports.
- **Promote**: posters, social pictures, the booking widget for your own site and tracking links.
- **Email**: campaigns to people who agreed to hear from you, with one-click unsubscribe.
- **Reports and payouts**: what sold, and the money paid to your own account.

Hosts can invite their team as owners, managers or scanners. Become a partner from the account menu to
try it.`,
  },
  // The help centre.
  {
    kind: "help",
    topic: "Buying tickets",
    slug: "how-to-book-tickets",
    title: "How do I book tickets?",
    description: "Choose tickets, press Checkout, and pay within ten minutes: your tickets arrive by email.",
    daysAgo: 60,
    body: `1. Open the event and choose how many of each ticket you want.
2. Press **Checkout**. Your tickets are held for ten minutes while you pay.
3. Pay on the payment page. The total is the all-in price you saw, with the breakdown shown.

Your confirmation email has your tickets as a PDF, and every ticket is in **My Tickets**. Free events
book straight away with no payment.`,
  },
  {
    kind: "help",
    topic: "Buying tickets",
    slug: "using-a-discount-code",
    title: "How do I use a discount code?",
    description: "Type the code in the booking panel before checkout; some codes also unlock private tickets.",
    daysAgo: 58,
    body: `Type the code in the booking panel on the event's page and press Apply. Codes are not case
sensitive. The discount shows in the total before you check out.

Each code belongs to one host and may be limited to certain events, dates or a number of uses. Some
codes unlock a private ticket type that is otherwise hidden. If a code is refused, the panel says why.`,
  },
  {
    kind: "help",
    topic: "Buying tickets",
    slug: "tickets-with-no-signal",
    title: "Will my ticket work with no signal?",
    description: "Yes: open your ticket once and it stays on your phone. You can also download a PDF.",
    daysAgo: 55,
    body: `Open a ticket in **My Tickets** once while you are online, and your phone keeps it: it will
show at the door even with no signal. You can also download the ticket as a PDF, or add the event to
your calendar from the same page.`,
  },
  {
    kind: "help",
    topic: "Refunds and cancellations",
    slug: "cancel-a-booking-and-get-a-refund",
    title: "How do I cancel a booking or get a refund?",
    description: "Free bookings cancel at once; for paid ones you ask the host, who can refund in full or in part.",
    daysAgo: 52,
    editedAfterDays: 5,
    body: `Open the order from **My Orders** and choose **Can't go?**

- **Free bookings** are cancelled at once and the places go back on sale.
- **Paid bookings** send the host a cancellation request with your reason. The host decides, and can
  refund in full or in part. You are emailed either way.

If the host cancels the whole event, every paid order is refunded automatically. Refunds go back to the
card you paid with.`,
  },
  {
    kind: "help",
    topic: "Transferring tickets",
    slug: "send-a-ticket-to-a-friend",
    title: "How do I send a ticket to a friend?",
    description: "Send it from the ticket's page; your friend claims it and your copy stops working.",
    daysAgo: 50,
    body: `Open the ticket in **My Tickets** and choose to send it to a friend. Enter their email address:
they get an email with a link to claim the ticket into their own Ticketyboo account.

Once they claim it, the ticket gets a new code and **your copy stops working**, so only one of you can
get in with it. Until they claim it you can cancel the transfer.`,
  },
  {
    kind: "help",
    topic: "Hosting events",
    slug: "publish-your-first-event",
    title: "How do I publish my first event?",
    description: "Become a partner, create a draft in Partner Studio, add a venue and tickets, then publish.",
    daysAgo: 45,
    body: `Choose **Become a Partner** in the account menu, then open **Partners Studio**.

Under **Events**, press **New event** to make a draft. An event needs at least one ticket type and a
venue (or an online link) before it can be published. Until then it is only visible to you and your
team.

Once tickets are sold an event can't be unpublished, but you can still edit its details, or cancel it
with every paid order refunded.`,
  },
  {
    kind: "help",
    topic: "At the door",
    slug: "scanning-tickets-at-the-door",
    title: "How do I scan tickets at the door?",
    description: "Open the event's scan page on any phone; it works offline and syncs when the signal returns.",
    daysAgo: 40,
    body: `In Partner Studio, choose **Scan** and pick the event, or open the event's **Scanners** tab to
give your team access. For a volunteer without an account, make a **scanner link**: it lasts 1 to 72
hours and you can revoke it at any time.

The scan page uses the phone's camera, or you can type a code. Each scan shows a big coloured answer:
checked in, already checked in (with when and at which gate), cancelled or not a ticket for this event.
It keeps working with no signal and syncs when it is back online.`,
  },
  {
    kind: "help",
    topic: "Payouts",
    slug: "how-payouts-work",
    title: "How do payouts work?",
    description: "Connect your own account in Settings › Payouts; money is due two days after your event ends.",
    daysAgo: 35,
    body: `In Partner Studio, open **Settings › Payouts** and connect your account through Stripe. We keep
only your account's id and its state, never your bank details.

Each sale then goes to your account, with Ticketyboo's fee taken as it happens. Money that Ticketyboo
collected for you is due **two days after the event ends**. The Payouts page shows what has been paid,
what is due now and what is coming, event by event.`,
  },
];
