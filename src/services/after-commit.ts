import type { Db } from "~/db/client.server";
import { afterCommitWork } from "~/db/schema";

export type CancellationOutcome = "approved" | "declined" | "cancelled" | "cancelled_by_host" | "event_cancelled";

/**
 * What a use case makes necessary once its transaction has committed: an email to compose and send
 * (and the note in a person's feed that goes with it), or waitlist offers to tell. Each names only
 * the rows it is about; what it says is read when it is done (src/services/emails).
 */
export type AfterCommitWork =
  | { kind: "order-confirmation"; orderId: string }
  | { kind: "payment-refunded"; paymentId: string }
  | {
      kind: "ticket-shared";
      ticketId: string;
      from: { id: string; name: string };
      toEmail: string;
      toName: string | null;
      token: string;
    }
  | { kind: "cancellation-requested"; requestId: string }
  | {
      kind: "cancellation-outcome";
      orderId: string;
      /**
       * approved or declined: the host's answer to the buyer's request; cancelled: by the buyer (a free
       * order); cancelled_by_host: a free booking the host cancelled; event_cancelled: the refund of an
       * order whose event the host cancelled (the buyer was told of the event with `event-cancelled`).
       */
      outcome: CancellationOutcome;
      refundPence: number;
      hostMessage: string | null;
    }
  /** The host cancelled the event: everyone holding this order's tickets is told, and its buyer of the refund due. */
  | { kind: "event-cancelled"; orderId: string; refundPence: number }
  /**
   * The host moved the event to another time or place: everyone holding this order's tickets is told.
   * `was` is how it stood before (what it is now is read when the email is made).
   */
  | { kind: "event-changed"; orderId: string; was: EventWas }
  /**
   * The host added the link an online event is joined by, or changed it: everyone holding this order's
   * tickets is told (the link itself is read when the email is made). `added`: it had none before.
   */
  | { kind: "event-link"; orderId: string; added: boolean }
  /** The host cancelled the event: someone still waiting for places there is told their wait is over. */
  | { kind: "waitlist-event-cancelled"; entryId: string }
  | { kind: "waitlist-offers" }
  | { kind: "host-onboarding"; userId: string }
  /** The link's token rides here until the email is made, as a shared ticket's does: the invitation keeps its hash. */
  | { kind: "team-invitation"; invitationId: string; token: string }
  /** A message to the team (contact form, feedback, support) or an event suggestion, announced in the team chat. */
  | { kind: "team-chat"; about: TeamChatSubject; id: string };

/** An event's time and place before a change: its start and end (ISO), and its place as emails name it. */
export interface EventWas {
  startsAt: string;
  endsAt: string | null;
  where: string;
}

/** What a team-chat post is about: a `feedback` row of that kind, or a `submitted_event` row. */
export type TeamChatSubject = "contact" | "feedback" | "bug" | "support" | "submitted-event";

/**
 * Records work to do after the commit, in the caller's transaction: it is done if and only if that
 * transaction commits, even if the process stops the moment it has (a worker finds the row; see
 * src/server/jobs/after-commit.server.ts). Call it with the transaction, never the database.
 */
export async function afterCommit(tx: Db, work: AfterCommitWork): Promise<void> {
  await tx.insert(afterCommitWork).values({ work });
}

/** Records several pieces of work at once (one statement), in the caller's transaction, as `afterCommit` does. */
export async function afterCommitAll(tx: Db, works: AfterCommitWork[]): Promise<void> {
  if (works.length > 0) await tx.insert(afterCommitWork).values(works.map((work) => ({ work })));
}
