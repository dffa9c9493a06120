import { teamMessages } from "./studio-messages";

/**
 * The sales desk (/h/tickets and an order's page there): what Partner Studio says about tickets
 * sold and their orders. Apart from `messages`, which ships with every page: these are needed only
 * on the Studio's ticket pages and by the services that refuse with them.
 */
export const salesDeskMessages = {
  states: {
    valid: "Valid",
    checked_in: "Checked in",
    cancelled: "Cancelled",
    refunded: "Refunded",
  },
  noSuchOrder: "No such order.",
  /** Spec §8, the wait of spec §9 between two resends to one person. */
  alreadySent: teamMessages.alreadySent,
  nothingToSend: "This order has no tickets that still stand, so there is nothing to send.",
  resent: (email: string) => `Tickets sent again to ${email}. It can take a minute or two to arrive.`,
  tooManyResends: "You've resent a lot of tickets in the last hour. Please try again later.",
} as const;
