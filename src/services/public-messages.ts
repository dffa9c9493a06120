import type { Db } from "~/db/client.server";
import { feedback, submittedEvent } from "~/db/schema";
import { checkContactMessage, checkEventSuggestion, contactTopicLabel } from "~/domain/contact-rules";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { afterCommit } from "./after-commit";
import { refuseFields } from "./field-errors";
import type { PostGuard } from "./submit-feedback";
import type { ThrottleRule } from "./throttle";

/**
 * What visitors send us without an account: a message from the contact form (/contact, stored as
 * feedback of kind `contact`) and an event suggested by its link (/submit-an-event). Both need the
 * robot check and are limited per address; both are stored first and announced in the team chat
 * after the commit (after-commit work `team-chat`), so the visitor never waits on the chat and a
 * message the chat never got is still in the staff console.
 */

/** The robot check as a service needs it (server/robot-check.server.ts is one): each solution works once. */
export interface RobotVerifier {
  verify(payload: string | null | undefined | FormDataEntryValue, now: Date): Promise<{ ok: boolean }>;
}

/** A public post's guard: the shared counters and address (as for feedback), and the robot check. */
export interface PublicPostGuard extends PostGuard {
  robotCheck: RobotVerifier;
  /** The `altcha` field as posted. */
  robotPayload: string | null | undefined;
}

const HOUR = 60 * 60_000;

/** Per address, and per email typed: enough for a person with a follow-up, too few to flood the team. */
export const CONTACT_LIMITS_PER_HOUR = {
  byAddress: { limit: 5, windowMs: HOUR },
  byEmail: { limit: 5, windowMs: HOUR },
} as const;

export const SUGGESTION_LIMITS_PER_HOUR = {
  byAddress: { limit: 10, windowMs: HOUR },
} as const;

/** The robot check first (a bot pays its proof of work for every counted try), then the limits. */
async function admit(guard: PublicPostGuard, counters: [string, ThrottleRule][]): Promise<void> {
  const robot = await guard.robotCheck.verify(guard.robotPayload, guard.now);
  if (!robot.ok)
    throw new AppError("validation_failed", messages.auth.notARobot, { fields: { altcha: messages.auth.notARobot } });
  for (const [key, rule] of counters) {
    const result = await guard.throttle.hit(key, rule, guard.now);
    if (!result.allowed)
      throw new AppError("rate_limited", messages.auth.tryAgainLater, { retryAfterMs: result.retryAfterMs });
  }
}

/** A message from the public contact form. `userId` when the sender is signed in. */
export async function submitContactMessage(
  db: Db,
  input: { name: unknown; email: unknown; topic: unknown; message: unknown; userId?: string | null },
  guard: PublicPostGuard,
): Promise<{ id: string; replyTo: string }> {
  const checked = checkContactMessage(input);
  if (!checked.ok) refuseFields(checked.errors);
  const { name, email, topic, message } = checked.value;
  await admit(guard, [
    [`contact:ip:${guard.ip}`, CONTACT_LIMITS_PER_HOUR.byAddress],
    [`contact:email:${email}`, CONTACT_LIMITS_PER_HOUR.byEmail],
  ]);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({
        kind: "contact",
        userId: input.userId ?? null,
        name,
        email,
        subject: contactTopicLabel(topic),
        message,
      })
      .returning({ id: feedback.id });
    await afterCommit(tx, { kind: "team-chat", about: "contact", id: row!.id });
    return row!.id;
  });
  return { id, replyTo: email };
}

/** An event suggested by its link. The link is stored as typed (normalised), never fetched by us. */
export async function submitEventSuggestion(
  db: Db,
  input: { url: unknown; note: unknown; email: unknown; userId?: string | null },
  guard: PublicPostGuard,
): Promise<{ id: string }> {
  const checked = checkEventSuggestion(input);
  if (!checked.ok) refuseFields(checked.errors);
  await admit(guard, [[`suggest-event:ip:${guard.ip}`, SUGGESTION_LIMITS_PER_HOUR.byAddress]]);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submittedEvent)
      .values({ ...checked.value, userId: input.userId ?? null })
      .returning({ id: submittedEvent.id });
    await afterCommit(tx, { kind: "team-chat", about: "submitted-event", id: row!.id });
    return row!.id;
  });
  return { id };
}
