/**
 * Free companion (personal assistant) tickets (decision 0031): what the checkout says to a buyer and
 * the editor's Tickets view to a host. Apart from `messages`, which ships with every page: these are
 * needed only on the checkout, the Studio's Tickets view, and by the services that refuse with them.
 */
export const companionMessages = {
  /** How a companion ticket is named wherever tickets are listed (order page, receipt, My Tickets, emails). */
  ticketLabel: "Companion ticket · free",
  buyer: {
    heading: "Add free companion tickets",
    hint: (most: number) =>
      most === 1
        ? "For a personal assistant who comes with you: free, and never more than the 1 ticket you're booking."
        : `For personal assistants who come with you: free, one for each ticket you're booking (up to ${most}).`,
    needsSharing: "Companion tickets go with your access needs: tick 'Share my access needs' to add them.",
    notOffered: "This event doesn't offer free companion tickets.",
    range: (most: number) => `Choose from 0 to ${most} companion ${most === 1 ? "ticket" : "tickets"}.`,
    noRoom: (left: number) =>
      left === 0
        ? "Sorry, there's no room left for a companion ticket. Set companion tickets to 0 to book your own."
        : `Sorry, there's room for only ${left} companion ${left === 1 ? "ticket" : "tickets"}. ` +
          `Choose ${left} or fewer.`,
    askHost: "This event offers free companion tickets to buyers who share their access needs.",
    addNeeds: "Add your access needs",
  },
  host: {
    heading: "Free companion tickets",
    label: "Offer free companion tickets",
    hint:
      "A buyer who shares their access needs at checkout may add a free ticket for their personal assistant, " +
      "one for each ticket they book. Companion tickets take a place like any other ticket and add nothing to " +
      "the price or the booking fee.",
    seated:
      "Not offered at seated venues: a companion there needs a seat of their own, so buyers book one in the " +
      "seat picker (companion seats are marked).",
    seatedRefused: "Free companion tickets are for events without a seat plan: buyers book companion seats instead.",
    on: "Companion tickets on",
    off: "Companion tickets off",
    save: "Save companion tickets",
  },
} as const;
