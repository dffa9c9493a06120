import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { afterCommitWork, feedback, submittedEvent } from "~/db/schema";
import { createRobotCheck, type RobotCheck } from "~/server/robot-check.server";
import { createTeamChat } from "~/server/team-chat.server";
import { messages } from "~/texts/messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { solveRobotCheck } from "../../tests/factories/robot-check";
import { createTestDatabase } from "../../tests/setup/test-db";
import {
  CONTACT_LIMITS_PER_HOUR,
  submitContactMessage,
  submitEventSuggestion,
  SUGGESTION_LIMITS_PER_HOUR,
} from "./public-messages";
import { postToTeamChat } from "./team-chat-posts";
import { createDbThrottle } from "./throttle";

let database: Database;
let robotCheck: RobotCheck;
/** The team chat, faked at the true edge: a real HTTP server that keeps what it is sent. */
let posts: string[] = [];
let chatStatus = 200;
const chatServer = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  req.on("end", () => {
    posts.push((JSON.parse(body) as { text: string }).text);
    res.statusCode = chatStatus;
    res.end();
  });
});
let chatUrl = "";
const quiet = { warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
  // A cheap puzzle: these tests are about who may post, not about the proof of work's cost.
  robotCheck = createRobotCheck({ db: database.db, hmacKey: "test-key", maxNumber: 20, cleanupProbability: 0 });
  await new Promise<void>((resolve) => chatServer.listen(0, "127.0.0.1", resolve));
  chatUrl = `http://127.0.0.1:${(chatServer.address() as AddressInfo).port}/hooks/test`;
});
afterAll(async () => {
  await database.close();
  chatServer.closeAllConnections();
  await new Promise<void>((resolve) => chatServer.close(() => resolve()));
});
afterEach(() => {
  posts = [];
  chatStatus = 200;
});

const solved = async () => solveRobotCheck(await robotCheck.createChallenge(new Date()));

/** A guard with a solved robot check, from an address of its own unless told. */
async function guard(ip: string = crypto.randomUUID(), robotPayload?: string | null) {
  return {
    throttle: createDbThrottle(database.db, { cleanupProbability: 0 }),
    ip,
    now: new Date(),
    robotCheck,
    robotPayload: robotPayload === undefined ? await solved() : robotPayload,
  };
}

const contact = (over: Record<string, unknown> = {}) => ({
  name: "  Sam   Rivers ",
  email: `Sam.${crypto.randomUUID().slice(0, 8)}@Example.com`,
  topic: "schedule-a-meeting",
  message: "Could we talk about running our festival with you?",
  ...over,
});

describe("the contact form", () => {
  it("stores the message as feedback of kind contact and leaves the chat post for after the commit", async () => {
    const chat = createTeamChat(chatUrl, quiet);
    const sent = contact();
    const { id, replyTo } = await submitContactMessage(database.db, sent, await guard());
    expect(replyTo).toBe((sent.email as string).toLowerCase());
    const [row] = await database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      kind: "contact",
      name: "Sam Rivers",
      email: replyTo,
      subject: "Schedule a meeting",
      postedToChatAt: null,
      handledAt: null,
    });
    // Nothing was posted while the visitor waited: the post is work recorded with the message.
    expect(posts).toEqual([]);
    expect(await recordedWork(database.db, "team-chat", { about: "contact", id })).toHaveLength(1);

    await postToTeamChat({ db: database.db, teamChat: chat }, { about: "contact", id });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain("*Contact form* from Sam Rivers");
    expect(posts[0]).toContain("> Could we talk about running our festival with you?");
    const [after] = await database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(after!.postedToChatAt).not.toBeNull();
    // A job run twice does not post twice.
    await postToTeamChat({ db: database.db, teamChat: chat }, { about: "contact", id });
    expect(posts).toHaveLength(1);
  });

  it("needs a solved robot check, once per solution, and stores nothing without one", async () => {
    const before = await database.db.select().from(feedback);
    for (const payload of [null, "", "not-a-solution"]) {
      const refused = submitContactMessage(database.db, contact(), await guard(undefined, payload));
      await expect(refused).rejects.toMatchObject({
        code: "validation_failed",
        message: messages.auth.notARobot,
        details: { fields: { altcha: messages.auth.notARobot } },
      });
    }
    const payload = await solved();
    await submitContactMessage(database.db, contact(), await guard(undefined, payload));
    await expect(submitContactMessage(database.db, contact(), await guard(undefined, payload))).rejects.toMatchObject({
      details: { fields: { altcha: messages.auth.notARobot } },
    });
    expect(await database.db.select().from(feedback)).toHaveLength(before.length + 1);
  });

  it("names each field that is wrong, before the robot check is spent", async () => {
    const payload = await solved();
    const refused = submitContactMessage(
      database.db,
      contact({ name: "", email: "not-an-email", topic: "nonsense", message: "hi" }),
      await guard(undefined, payload),
    );
    await expect(refused).rejects.toMatchObject({
      code: "validation_failed",
      details: {
        fields: {
          name: "Please enter your name.",
          email: "Please enter a valid email address, like name@example.com.",
          topic: "Please choose what your message is about.",
          message: "Message needs at least 10 characters.",
        },
      },
    });
    // The same solution still works once the form is put right.
    await submitContactMessage(database.db, contact(), await guard(undefined, payload));
  });

  it("is limited per address and per email typed", async () => {
    const ip = crypto.randomUUID();
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.byAddress.limit; i++)
      await submitContactMessage(database.db, contact(), await guard(ip));
    await expect(submitContactMessage(database.db, contact(), await guard(ip))).rejects.toMatchObject({
      code: "rate_limited",
      message: messages.auth.tryAgainLater,
    });

    const email = `same.${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.byEmail.limit; i++)
      await submitContactMessage(database.db, contact({ email }), await guard());
    await expect(submitContactMessage(database.db, contact({ email }), await guard())).rejects.toMatchObject({
      code: "rate_limited",
    });
  });
});

describe("submitting an event", () => {
  it("stores the link (https:// added, fragment dropped), note and email, and posts to chat after commit", async () => {
    const chat = createTeamChat(chatUrl, quiet);
    const { id } = await submitEventSuggestion(
      database.db,
      { url: " www.example.org/gigs/quiz-night#tickets ", note: "Every Tuesday <!channel>", email: "" },
      await guard(),
    );
    const [row] = await database.db.select().from(submittedEvent).where(eq(submittedEvent.id, id));
    expect(row).toMatchObject({
      url: "https://www.example.org/gigs/quiz-night",
      note: "Every Tuesday <!channel>",
      email: null,
      status: "new",
    });
    expect(posts).toEqual([]);
    expect(await recordedWork(database.db, "team-chat", { about: "submitted-event", id })).toHaveLength(1);

    // The chat refuses: the work throws (the worker retries it) and the row is not marked posted.
    chatStatus = 500;
    await expect(
      postToTeamChat({ db: database.db, teamChat: chat }, { about: "submitted-event", id }),
    ).rejects.toThrow();
    chatStatus = 200;
    await postToTeamChat({ db: database.db, teamChat: chat }, { about: "submitted-event", id });
    expect(posts.at(-1)).toContain("https://www.example.org/gigs/quiz-night");
    // What the visitor typed cannot ping the whole channel.
    expect(posts.at(-1)).toContain("&lt;!channel&gt;");
    expect(posts.at(-1)).not.toContain("<!channel>");
  });

  it("posts nothing, and does not fail, without a webhook", async () => {
    const { id } = await submitEventSuggestion(
      database.db,
      { url: "https://example.org/e/1", note: "", email: "fan@example.com" },
      await guard(),
    );
    await postToTeamChat(
      { db: database.db, teamChat: createTeamChat(undefined, quiet) },
      { about: "submitted-event", id },
    );
    expect(posts).toEqual([]);
  });

  it("refuses links that are not web pages, naming the field", async () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://user:pass@example.org/",
      "https://localhost/x",
      "not a link",
      `https://example.org/${"x".repeat(600)}`,
    ]) {
      await expect(
        submitEventSuggestion(database.db, { url, note: "", email: "" }, await guard()),
        url,
      ).rejects.toMatchObject({ code: "validation_failed", details: { fields: { url: expect.any(String) } } });
    }
    await expect(
      submitEventSuggestion(database.db, { url: "https://example.org", note: "", email: "nope" }, await guard()),
    ).rejects.toMatchObject({ details: { fields: { email: expect.any(String) } } });
  });

  it("needs the robot check and is limited per address", async () => {
    await expect(
      submitEventSuggestion(
        database.db,
        { url: "https://example.org", note: "", email: "" },
        await guard(undefined, null),
      ),
    ).rejects.toMatchObject({ details: { fields: { altcha: messages.auth.notARobot } } });
    const ip = crypto.randomUUID();
    for (let i = 0; i < SUGGESTION_LIMITS_PER_HOUR.byAddress.limit; i++)
      await submitEventSuggestion(
        database.db,
        { url: `https://example.org/${i}`, note: "", email: "" },
        await guard(ip),
      );
    await expect(
      submitEventSuggestion(database.db, { url: "https://example.org/more", note: "", email: "" }, await guard(ip)),
    ).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("records no work when the suggestion is refused", async () => {
    const before = (await database.db.select().from(afterCommitWork)).length;
    await expect(
      submitEventSuggestion(database.db, { url: "ftp://example.org", note: "", email: "" }, await guard()),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect((await database.db.select().from(afterCommitWork)).length).toBe(before);
  });
});
