import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event } from "~/db/schema";
import { mayEdit } from "~/domain/event-life-cycle";
import {
  questionCountAllows,
  questionFrom,
  questionProblems,
  type EventQuestion,
  type QuestionDraft,
} from "~/domain/event-questions";
import { AppError } from "~/lib/app-error";
import { movedOnePlace } from "~/lib/reorder";
import { isUuid } from "~/lib/uuid";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";

/*
 * The event's survey: the questions buyers answer at checkout (`event.questions`). Every read and
 * change names the host. A change locks the event's row while it rewrites the list, so two tabs
 * never lose each other's questions. Orders keep the questions they answered (`order.questions`),
 * so editing or removing one here never changes what an order shows.
 */

const words = studioTicketMessages.survey;

/** The survey of one of the host's own events. */
export async function studioSurvey(db: Db, input: { hostId: string; eventId: string }): Promise<EventQuestion[]> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [e] = await db
    .select({ questions: event.questions })
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!e) throw new AppError("not_found", "No such event.");
  return e.questions;
}

/** Rewrites the host's event's questions with `change`, under the event's row lock. */
async function changeQuestions(
  db: Db,
  input: { hostId: string; eventId: string },
  change: (questions: EventQuestion[]) => EventQuestion[],
): Promise<void> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  await db.transaction(async (tx) => {
    const [e] = await tx
      .select({ questions: event.questions, status: event.status, isCancelled: event.isCancelled })
      .from(event)
      .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")))
      .for("no key update");
    if (!e) throw new AppError("not_found", "No such event.");
    const verdict = mayEdit(e);
    if (!verdict.ok) throw new AppError("conflict", verdict.message);
    await tx
      .update(event)
      .set({ questions: change(e.questions) })
      .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId)));
  });
}

function checked(draft: QuestionDraft, others: readonly EventQuestion[]) {
  const problems = questionProblems(draft, others);
  if (Object.keys(problems).length > 0)
    throw new AppError("validation_failed", Object.values(problems)[0], { fields: problems });
  return draft;
}

const find = (questions: EventQuestion[], id: string) => {
  const index = questions.findIndex((q) => q.id === id);
  if (index < 0) throw new AppError("not_found", words.notFound);
  return index;
};

/** Adds a question at the end of the survey; refused at 10. Returns its id. */
export async function addQuestion(
  db: Db,
  input: { hostId: string; eventId: string; draft: QuestionDraft },
): Promise<{ id: string }> {
  const id = randomUUID();
  await changeQuestions(db, input, (questions) => {
    const verdict = questionCountAllows(questions.length);
    if (!verdict.ok) throw new AppError("conflict", verdict.message);
    return [...questions, questionFrom(id, checked(input.draft, questions))];
  });
  return { id };
}

/**
 * Changes a question's words, kind, options or whether it must be answered. It keeps its id, so
 * a buyer at checkout answers it as it now reads; orders already made keep the words they answered.
 */
export async function updateQuestion(
  db: Db,
  input: { hostId: string; eventId: string; questionId: string; draft: QuestionDraft },
): Promise<void> {
  await changeQuestions(db, input, (questions) => {
    const index = find(questions, input.questionId);
    const others = questions.filter((_, i) => i !== index);
    const next = [...questions];
    next[index] = questionFrom(input.questionId, checked(input.draft, others));
    return next;
  });
}

/** Removes a question; answers already given stay with their orders. */
export async function removeQuestion(
  db: Db,
  input: { hostId: string; eventId: string; questionId: string },
): Promise<void> {
  await changeQuestions(db, input, (questions) => {
    const index = find(questions, input.questionId);
    return questions.filter((_, i) => i !== index);
  });
}

/** Moves a question one place up or down (the order buyers see them in). */
export async function moveQuestion(
  db: Db,
  input: { hostId: string; eventId: string; questionId: string; by: -1 | 1 },
): Promise<void> {
  await changeQuestions(db, input, (questions) =>
    movedOnePlace(questions, find(questions, input.questionId), input.by),
  );
}
