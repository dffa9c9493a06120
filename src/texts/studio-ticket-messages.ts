/**
 * Partner Studio's texts for an event's ticket types, its survey and the host's discount codes,
 * apart from `messages` because that object ships with every page's up-front JavaScript, and these
 * are needed only on the Studio's pages (and by the services that refuse with them).
 */
export const studioTicketMessages = {
  /** An event's ticket types in the editor (spec §3 "Ticket type", §5, §9). */
  tickets: {
    nameRequired: "Give the ticket type a name.",
    nameTooLong: (max: number) => `Keep the name to ${max} characters or fewer.`,
    nameTaken: "This event already has a ticket type with that name.",
    descriptionTooLong: (max: number) => `Keep the description to ${max} characters or fewer.`,
    priceFormat: "Enter a price in pounds, like 12.50, or 0 for free.",
    priceRange: "Enter a price from £1.00 to £10,000, or 0 for free.",
    minimumRange: "Enter a minimum from £1.00 to £10,000, or 0 to let buyers choose any amount.",
    capacityRange: "Enter a whole number of places, from 0 to 100,000.",
    capacityBelowTaken: (sold: number, held: number) =>
      held === 0
        ? `Capacity can't be less than the ${sold} ${sold === 1 ? "ticket" : "tickets"} already sold.`
        : `${sold + held} places are sold or held at checkout, so capacity can't go below that.`,
    maxPerOrderRange: (max: number) => `Enter from 1 to ${max} tickets per order.`,
    kindRequired: "Choose who can see and buy this ticket.",
    windowNeeded: "A scheduled ticket needs a date and time for its sale to start and end.",
    windowOrder: "The sale must end after it starts.",
    dateAndTime: "Enter both a date and a time.",
    timeFormat: "Enter the time as HH:MM on the 24-hour clock, like 19:30.",
    dateFormat: "Enter a date, like 2026-12-05.",
    sectionUnknown: "Choose one of the sections of this event's venue.",
    sectionLocked: "This ticket type has places sold or held, so its section can't change.",
    hasSales:
      "Tickets of this type have been sold, so it can't be removed. Set its capacity to what's sold to stop sales.",
    atCheckout: "Someone is at checkout with this ticket type right now. Try again in a few minutes.",
    notFound: "No such ticket type.",
    added: "Ticket type added",
    saved: "Ticket type saved",
    removed: "Ticket type removed",
    moved: "Order saved",
  },
  /** The event's survey: questions buyers answer at checkout. */
  survey: {
    maximum: (max: number) => `An event can ask at most ${max} questions.`,
    labelRequired: "Write the question.",
    labelTooLong: (max: number) => `Keep the question to ${max} characters or fewer.`,
    labelTaken: "This event already asks that question.",
    optionsRange: (min: number, max: number) => `Give from ${min} to ${max} options, one on each line.`,
    optionTooLong: (max: number) => `Keep each option to ${max} characters or fewer.`,
    optionsRepeated: "Each option must be different.",
    notFound: "No such question.",
    added: "Question added",
    saved: "Question saved",
    removed: "Question removed",
    moved: "Order saved",
  },
  /** A host's discount codes (spec §3 "Discount"). */
  discounts: {
    nameRequired: "Give the discount a name.",
    nameTooLong: (max: number) => `Keep the name to ${max} characters or fewer.`,
    codeRequired: "Enter a code.",
    codeFormat: (max: number) => `Use up to ${max} letters, numbers, - and _, with no spaces.`,
    codeTaken: "That code is already in use.",
    percentRange: "Enter a percentage from 1 to 100 (0 only for a private code that just unlocks tickets).",
    fixedRange: "Enter an amount from £0.01 to £10,000, like 5.00.",
    windowOrder: "The code must stop working after it starts.",
    maxUsesRange: "Enter a whole number of uses from 1 to 1,000,000, or leave it empty for no limit.",
    maxUsesBelowUsed: (uses: number) =>
      `This code has been used ${uses} ${uses === 1 ? "time" : "times"} already, so the limit can't be lower.`,
    eventsRequired: "Choose at least one event, or let the code work for all your events.",
    eventUnknown: "Choose from your own events.",
    notFound: "No such discount.",
    created: "Discount created",
    saved: "Discount saved",
  },
} as const;
