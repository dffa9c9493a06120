import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, order, ticketType } from "~/db/schema";
import type { QuestionDraft } from "~/domain/event-questions";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { studioMessages } from "~/texts/studio-messages";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { createEvent, createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { completeOrder } from "./complete-order";
import { addQuestion, moveQuestion, removeQuestion, studioSurvey, updateQuestion } from "./event-survey";
import { saveCheckoutAnswers } from "./get-checkout";
import { getOrder } from "./get-order";
import { holdTickets } from "./hold-tickets";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const s = studioTicketMessages.survey;
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db, { hostTitle: "Northern Sparks" })).id;
});
afterAll(() => database.close());

const question = (d: Partial<QuestionDraft> = {}): QuestionDraft => ({
  label: "Any access needs?",
  kind: "text",
  required: false,
  options: [],
  ...d,
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

const newEvent = async (tickets?: Parameters<typeof createEvent>[2]) =>
  (await createEvent(database.db, { hostId, startsAt }, tickets)).id;

describe("the survey", () => {
  it("asks up to ten questions, in the host's order, and refuses an eleventh", async () => {
    const eventId = await newEvent();
    expect(await studioSurvey(database.db, { hostId, eventId })).toEqual([]);
    for (let n = 1; n <= 10; n++)
      await addQuestion(database.db, { hostId, eventId, draft: question({ label: `Question ${n}` }) });
    const error = await refusal(addQuestion(database.db, { hostId, eventId, draft: question({ label: "Eleven" }) }));
    expect(error).toMatchObject({ code: "conflict", message: s.maximum(10) });
    const asked = await studioSurvey(database.db, { hostId, eventId });
    expect(asked.map((q) => q.label)).toEqual(Array.from({ length: 10 }, (_, i) => `Question ${i + 1}`));
  });

  it("changes, moves and removes a question, keeping its id", async () => {
    const eventId = await newEvent();
    const { id: meal } = await addQuestion(database.db, {
      hostId,
      eventId,
      draft: question({ label: "Meal?", kind: "choice", options: ["Fish", "Veg"], required: true }),
    });
    const { id: access } = await addQuestion(database.db, { hostId, eventId, draft: question() });
    await updateQuestion(database.db, {
      hostId,
      eventId,
      questionId: meal,
      draft: question({ label: "Main course?", kind: "choice", options: ["Fish", "Veg", "Vegan"], required: true }),
    });
    await moveQuestion(database.db, { hostId, eventId, questionId: access, by: -1 });
    expect(await studioSurvey(database.db, { hostId, eventId })).toEqual([
      { id: access, label: "Any access needs?", kind: "text", required: false },
      { id: meal, label: "Main course?", kind: "choice", options: ["Fish", "Veg", "Vegan"], required: true },
    ]);
    await removeQuestion(database.db, { hostId, eventId, questionId: access });
    expect((await studioSurvey(database.db, { hostId, eventId })).map((q) => q.id)).toEqual([meal]);
  });

  it("names each problem and changes nothing", async () => {
    const eventId = await newEvent();
    await addQuestion(database.db, { hostId, eventId, draft: question() });
    const error = await refusal(
      addQuestion(database.db, {
        hostId,
        eventId,
        draft: question({ label: "ANY ACCESS NEEDS?", kind: "choice", options: ["Only one"] }),
      }),
    );
    expect(error.details?.fields).toEqual({ label: s.labelTaken, options: s.optionsRange(2, 20) });
    expect(await studioSurvey(database.db, { hostId, eventId })).toHaveLength(1);
    expect(
      await refusal(updateQuestion(database.db, { hostId, eventId, questionId: "no-such", draft: question() })),
    ).toMatchObject({ code: "not_found", message: s.notFound });
  });

  it("is another host's to read and change only when it is theirs: not found, nothing changes", async () => {
    const eventId = await newEvent();
    const { id } = await addQuestion(database.db, { hostId, eventId, draft: question() });
    const as = { hostId: otherHostId, eventId };
    for (const attempt of [
      () => studioSurvey(database.db, as),
      () => addQuestion(database.db, { ...as, draft: question({ label: "Theirs?" }) }),
      () => updateQuestion(database.db, { ...as, questionId: id, draft: question({ label: "Changed" }) }),
      () => removeQuestion(database.db, { ...as, questionId: id }),
      () => moveQuestion(database.db, { ...as, questionId: id, by: 1 }),
      () => studioSurvey(database.db, { hostId, eventId: "not-a-uuid" }),
    ])
      expect((await refusal(attempt())).code).toBe("not_found");
    expect(await studioSurvey(database.db, { hostId, eventId })).toEqual([
      { id, label: "Any access needs?", kind: "text", required: false },
    ]);
  });

  it("is not changed once the event is archived", async () => {
    const eventId = await newEvent();
    await database.db.update(event).set({ status: "archived" }).where(eq(event.id, eventId));
    expect(await refusal(addQuestion(database.db, { hostId, eventId, draft: question() }))).toMatchObject({
      code: "conflict",
      message: studioMessages.archivedNoChange,
    });
  });
});

describe("answers on orders", () => {
  it("keep the words they answered when the survey changes after the sale", async () => {
    const eventId = await newEvent([{ pricePence: 0, capacity: 20 }]);
    const { id: meal } = await addQuestion(database.db, {
      hostId,
      eventId,
      draft: question({ label: "Meal?", kind: "choice", options: ["Fish", "Veg"] }),
    });
    const { id: access } = await addQuestion(database.db, { hostId, eventId, draft: question() });
    const buyer = await createBuyer(database.db);
    const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, eventId));
    const held = await holdTickets(database.db, {
      eventId,
      userId: buyer.id,
      lines: [{ ticketTypeId: type!.id, quantity: 1 }],
      now,
    });
    await saveCheckoutAnswers(database.db, { holdId: held.holdId, userId: buyer.id, answers: { [meal]: "Veg" } });
    // The host rewords the question while the buyer is still at checkout, then after the order.
    await updateQuestion(database.db, {
      hostId,
      eventId,
      questionId: meal,
      draft: question({ label: "Main course?", kind: "choice", options: ["Fish", "Veg"] }),
    });
    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: { userId: buyer.id, email: buyer.email, name: buyer.name },
      payment: null,
      now,
      sign: codes.sign,
    });
    await removeQuestion(database.db, { hostId, eventId, questionId: meal });
    await updateQuestion(database.db, {
      hostId,
      eventId,
      questionId: access,
      draft: question({ label: "Anything else?" }),
    });
    const [made] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(made!.answers).toEqual({ [meal]: "Veg" });
    expect(made!.questions).toEqual([
      { id: meal, label: "Meal?", kind: "choice", options: ["Fish", "Veg"], required: false },
    ]);
    const shown = await getOrder(database.db, { orderId: done.orderId });
    expect(shown!.questions.map((q) => [q.label, shown!.answers[q.id]])).toEqual([["Meal?", "Veg"]]);
  });
});
