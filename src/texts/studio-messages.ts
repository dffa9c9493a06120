/**
 * Partner Studio's words (spec §4, §8): kept apart from `messages` so the buyer's pages, which ship that
 * module to the browser, do not carry them.
 */

/** Partner Studio: what an event's life cycle refuses, and says when it succeeds (spec §4, §8). */
/** A team role's id, as `domain/host-team` has them (texts import nothing of ours). */
type TeamRoleId = "owner" | "manager" | "scanner";

export const studioMessages = {
  onboarded: "Welcome to Partner Studio! Your host profile is ready.",
  publishNeedsTickets: "Add at least one ticket type before you publish.",
  publishNeedsVenue: "Choose a venue before you publish.",
  publishNeedsLink: "Add the link people join by before you publish an online event.",
  publishEnded: "This event's date has passed: set a date still to come, then publish.",
  cannotUnpublishSold: "You can't unpublish an event once tickets are sold. Cancel the event instead.",
  cannotDeleteFreeSold: "Cancel the free bookings before you delete this event.",
  cannotDeleteRevenue: "This event has taken payments, so it can't be deleted. You can archive it instead.",
  cannotDeleteSold: "Tickets are sold for this event: cancel it, and its bookings, before you delete it.",
  cancelFreeOrdersFailed: "Error on cancelling free orders",
  alreadyCancelled: "This event is already cancelled.",
  /** A refund Ticketyboo would pay out of money it has already paid the host (decision 0054). */
  paidOutRefunds:
    "We've already paid you this event's takings, so refunds for it now go through our support team. " +
    "Contact us and we'll sort it out with you.",
  deleted: "This event has been deleted.",
  notWhileCancelled: "This event is cancelled: it can be archived, not changed.",
  archivedNoChange: "This event is archived: duplicate it to run it again.",
  ticketTypesMinimum: "An event needs at least one ticket type.",
  ticketTypesMaximum: "An event can have at most 10 ticket types.",
  capacityBelowSold: (sold: number) =>
    `Capacity can't be less than the ${sold} ${sold === 1 ? "ticket" : "tickets"} already sold.`,
  published: "Event published",
  unpublished: "Event unpublished",
  created: "Event created",
  updated: "Event updated",
  /** A save that would move an event people hold tickets for once too often today. */
  movedTooOften: (limit: number) =>
    `This date has been moved ${limit} times today, and each move emails everyone with tickets. ` +
    "Try again tomorrow, or save your other changes with the date and place as they are.",
  /** An online event's link changed too often today (moves and links count together). */
  linkChangedTooOften: (limit: number) =>
    `Everyone with tickets has been emailed about this date's changes ${limit} times today, and a new link ` +
    "emails them again. Try again tomorrow, or save your other changes with the link as it is.",
  /** After a save that moved an event people hold tickets for. */
  ticketHoldersTold: (orders: number) =>
    `Everyone with tickets is being emailed the new details (${orders} ${orders === 1 ? "order" : "orders"})`,
  deletedToast: "Event deleted",
  archived: "Event archived",
  duplicated: "Event duplicated",
  /** Spec §8: no response from the language model. */
  writingHelperNoResponse: "No response from the writing helper. Please try again, or write it yourself.",
  writingHelperBusy: "You've asked the writing helper a lot this hour. Please try again later.",
  tooManyNewEvents: (limit: number) =>
    `You've made ${limit} events in the last hour, the most we allow. Please try again later.`,
  /** Spec §8 (host): a seat plan that cannot be saved; the editor lists what is wrong beneath it. */
  seatPlanError: "Seat plan error",
  seatPlanSaved: "Seat plan saved",
} as const;

/** Partner Studio's team (/h/settings/permissions) and its invitations. */
export const teamMessages = {
  alreadySent: "An email has already been sent to this person!",
  confirmEmailFirst:
    "Confirm your email address first: invitations go out only from people whose address is confirmed. " +
    "The link is in the email we sent you when you signed up.",
  emailRequired: "Enter the email address of the person to invite.",
  emailInvalid: "Invalid email: check the address and try again.",
  emailIsHost: "That's this host's own account, which is the owner already.",
  alreadyMember: (email: string) => `${email} is on the team already: change their role below.`,
  tooManyOpen: (max: number) =>
    `${max} invitations are waiting for an answer. Revoke one you no longer need before sending more.`,
  roleRequired: "Choose a role.",
  invited: (email: string, role: TeamRoleId) =>
    `Invitation sent to ${email}. The link works for 7 days.` +
    (role === "scanner" ? " Once they accept, give them each event to scan on that event's Scanners tab." : ""),
  roleChanged: (name: string, role: string) => `${name} now has the ${role.toLowerCase()} role.`,
  removed: (name: string) => `${name} has been removed from the team.`,
  revoked: (email: string) => `The invitation to ${email} has been revoked. Its link no longer works.`,
  memberNotFound: "That person isn't on this team.",
  invitationNotFound: "That invitation isn't open any more.",
  linkUnknown: "This invitation link isn't one we know. Check it was copied in full, or ask for a new one.",
  expired: (host: string) => `This invitation has expired. Ask ${host} to send you a new one.`,
  revokedLink: (host: string) => `${host} has withdrawn this invitation, so its link no longer works.`,
  used: "This invitation has already been accepted. Each link works once.",
  wrongAccount: (email: string) => `This invitation was sent to ${email}. Log in with that address to accept it.`,
  unverified: (email: string) =>
    `Please verify your email address first: open the link we sent to ${email}, then come back to this page to ` +
    `accept the invitation.`,
  isHost: "This invitation is for your own host account: you're its owner already.",
  hostGone: "This host no longer runs events on Ticketyboo, so the invitation can't be accepted.",
  joined: (host: string, role: TeamRoleId, label: string) =>
    `Welcome to ${host}'s team! Your role is ${label.toLowerCase()}.` +
    (role === "scanner" ? ` ${host} chooses the events you scan: each appears under Scan once they do.` : ""),
  switched: (host: string) => `You're now working in ${host}'s Partner Studio.`,
} as const;
