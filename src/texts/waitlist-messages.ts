/**
 * Waitlists in Partner Studio (issue 20): what the Studio says to a host about the people waiting for
 * their events, the offers sent them and the host's own offers and removals. Needed only on the
 * Studio's waitlist pages and by the services that refuse with them.
 */

const places = (n: number) => (n === 1 ? "1 place" : `${n} places`);

export const waitlistMessages = {
  noSuchEntry: "No such person on your waitlists.",
  /** What each state of an entry is called on the list, its filter and its CSV file. */
  status: {
    waiting: "Waiting",
    offered: "Offer sent",
    purchased: "Bought",
    lapsed: "Offer expired",
    left: "Left",
    removed: "Removed",
  },
  /** The list's filter by state. */
  filters: {
    open: "Waiting or offered",
    waiting: "Waiting",
    offered: "Offer sent",
    purchased: "Bought",
    lapsed: "Offer expired",
    gone: "Left or removed",
    all: "Everyone",
  },
  offer: {
    button: "Offer places",
    title: (name: string, quantity: number) => `Offer ${name} ${places(quantity)}?`,
    held: (name: string, hours: number) =>
      `They're held for ${name} for ${hours === 1 ? "1 hour" : `${hours} hours`} (never past the event's end), ` +
      "and we email them a link to buy them.",
    adds: (add: number, quantity: number, ticketType: string) =>
      add === quantity
        ? `None are free, so ${places(add)} will be added to ${ticketType}.`
        : `${places(quantity - add)} ${quantity - add === 1 ? "is" : "are"} free; ` +
          `${places(add)} more will be added to ${ticketType}.`,
    fewerSeats: (quantity: number, wanted: number) =>
      `Only ${places(quantity)} of the ${wanted} they asked for ${quantity === 1 ? "is" : "are"} free ` +
      "at this seated venue.",
    confirm: "Send the offer",
    sent: (name: string, quantity: number, until: string) =>
      `Offered ${name} ${places(quantity)}, held until ${until}. We're emailing them now.`,
    notWaiting: (name: string) => `${name} isn't waiting any more, so there's nothing to offer.`,
    alreadyOffered: (name: string) => `${name} already has an offer. It passes on if it runs out.`,
    atLimit: (name: string) => `${name} already has as many tickets for this event as one person may.`,
    eventOver: "This event has ended or been cancelled: no more offers can be made.",
    notOnSale: "This event isn't on sale, so no offer can be made. Publish it first.",
    nothingOnSale: "No ticket type is on sale now, so there's nothing to offer. Check the ticket types' sale dates.",
    noSeats: "No seats are free at this seated venue, so there's nothing to offer yet.",
    tooMany: "That would take a ticket type past 100,000 places.",
    changed: "The places have changed since the page was shown. Look again and offer once more.",
  },
  remove: {
    button: "Remove",
    title: (name: string) => `Remove ${name} from the waitlist?`,
    description: (offered: boolean) =>
      offered
        ? "Their offer is withdrawn (its places pass to the next in line) and they get no more offers for this event."
        : "They get no offers for this event. They can join again while it's sold out.",
    done: (name: string) => `${name} is off the waitlist.`,
    notOn: (name: string) => `${name} was already off the waitlist: nothing changed.`,
  },
  offerHours: {
    saved: (hours: number) => `Offers are now held for ${hours === 1 ? "1 hour" : `${hours} hours`}.`,
  },
} as const;
