import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { feedback, ticket } from "~/db/schema";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent } from "../../tests/factories/events";
import { buyTickets } from "../../tests/factories/orders";
import { createTeamChat } from "~/server/team-chat.server";
import { recordedWork } from "../../tests/factories/after-commit";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import { MESSAGE_LIMITS, ORDER_STANDING, submitFeedback, submitSupportRequest } from "./submit-feedback";
import { postToTeamChat } from "./team-chat-posts";
import { createDbThrottle } from "./throttle";

let database: Database;
/** The team chat, faked at the true edge: a real HTTP server that keeps what it is sent. */
let posts: { text: string }[] = [];
let chatStatus = 200;
const chatServer = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  req.on("end", () => {
    posts.push(JSON.parse(body) as { text: string });
    res.statusCode = chatStatus;
    res.end(chatStatus === 200 ? "ok" : "invalid_payload");
  });
});
let chatUrl = "";
const quiet = { warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
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

/** The real throttle, each call from an address of its own unless told. */
const guard = (ip: string = crypto.randomUUID(), now = new Date()) => ({
  throttle: createDbThrottle(database.db),
  ip,
  now,
});

async function stored(id: string) {
  const [row] = await database.db.select().from(feedback).where(eq(feedback.id, id));
  return row!;
}

/** The chat post a stored message leaves for after the commit, made as the worker makes it. */
async function announce(about: "feedback" | "bug" | "support", id: string, chat = createTeamChat(chatUrl, quiet)) {
  expect(await recordedWork(database.db, "team-chat", { about, id })).toHaveLength(1);
  await postToTeamChat({ db: database.db, teamChat: chat }, { about, id });
}

describe("submitFeedback", () => {
  it("stores the message with the person's id, name and email, and posts it to the team chat after", async () => {
    const person = await createUser(database.db, {
      firstName: "Priya",
      lastName: "Shah",
      name: "Priya Shah",
      email: "priya@example.com",
    });
    const result = await submitFeedback(
      database.db,
      { userId: person.id, message: "  Love the all-in prices!  ", topic: "booking" },
      guard(),
    );
    expect(result).toMatchObject({ replyTo: "priya@example.com" });
    const row = await stored(result.id);
    expect(row).toMatchObject({
      kind: "feedback",
      userId: person.id,
      name: "Priya Shah",
      email: "priya@example.com",
      subject: "Booking and paying",
      message: "Love the all-in prices!",
      postedToChatAt: null,
    });
    // Nothing was posted while the person waited: the post is work recorded with the message.
    expect(posts).toEqual([]);
    await announce("feedback", result.id);
    expect((await stored(result.id)).postedToChatAt).toBeInstanceOf(Date);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toContain("*Feedback* from Priya Shah (priya@example.com, buyer) about Booking and paying");
    expect(posts[0]!.text).toContain("> Love the all-in prices!");
    expect(posts[0]!.text).toContain(result.id);
    // A job run twice does not post twice.
    await postToTeamChat(
      { db: database.db, teamChat: createTeamChat(chatUrl, quiet) },
      { about: "feedback", id: result.id },
    );
    expect(posts).toHaveLength(1);
  });

  it("keeps a bug report as one, with the page and the browser, and a page not of this site left out", async () => {
    const person = await createUser(database.db, { name: "Bo Bug", email: "bo@example.com" });
    const result = await submitFeedback(
      database.db,
      {
        userId: person.id,
        message: "The Pay button did nothing",
        topic: "bug",
        page: "/checkout/abc?step=2",
        browser: "Mozilla/5.0 (iPhone) \n Safari",
      },
      guard(),
    );
    expect(await stored(result.id)).toMatchObject({
      kind: "bug",
      subject: "On /checkout/abc?step=2",
      message: "The Pay button did nothing\n\nBrowser: Mozilla/5.0 (iPhone) Safari",
    });
    await announce("bug", result.id);
    expect(posts[0]!.text).toContain("*Bug report* from Bo Bug (bo@example.com, buyer), On /checkout/abc?step=2");
    expect(posts[0]!.text).toContain("> The Pay button did nothing");

    const elsewhere = await submitFeedback(
      database.db,
      { userId: person.id, message: "Odd", topic: "bug", page: "https://evil.example/" },
      guard(),
    );
    expect(await stored(elsewhere.id)).toMatchObject({ kind: "bug", subject: null, message: "Odd" });
    // Other topics are feedback, and never carry a page.
    const idea = await submitFeedback(
      database.db,
      { userId: person.id, message: "More comedy please", topic: "other", page: "/explore" },
      guard(),
    );
    expect(await stored(idea.id)).toMatchObject({ kind: "feedback", subject: "Something else" });
  });

  it("escapes chat markup so a message cannot ping the whole channel", async () => {
    const person = await createUser(database.db, { name: "Sam <!here>" });
    const { id } = await submitFeedback(
      database.db,
      { userId: person.id, message: "<!channel> fish & chips\nsecond line" },
      guard(),
    );
    await announce("feedback", id);
    expect(posts[0]!.text).not.toContain("<!");
    expect(posts[0]!.text).toContain("Sam &lt;!here&gt;");
    expect(posts[0]!.text).toContain("> &lt;!channel&gt; fish &amp; chips\n> second line");
  });

  it("keeps the message when the chat refuses it, unmarked, for the worker to try again", async () => {
    chatStatus = 500;
    const person = await createUser(database.db);
    const result = await submitFeedback(database.db, { userId: person.id, message: "The map is great" }, guard());
    await expect(announce("feedback", result.id)).rejects.toThrow(/did not take/);
    const row = await stored(result.id);
    expect(row.message).toBe("The map is great");
    expect(row.postedToChatAt).toBeNull();
    chatStatus = 200;
    await postToTeamChat(
      { db: database.db, teamChat: createTeamChat(chatUrl, quiet) },
      { about: "feedback", id: row.id },
    );
    expect((await stored(result.id)).postedToChatAt).toBeInstanceOf(Date);
  });

  it("stores the message and posts nothing when no chat is configured", async () => {
    const person = await createUser(database.db);
    const result = await submitFeedback(database.db, { userId: person.id, message: "Dark mode please" }, guard());
    await announce("feedback", result.id, createTeamChat(undefined, quiet));
    expect((await stored(result.id)).postedToChatAt).toBeNull();
    expect(posts).toEqual([]);
  });

  it("refuses bad input with field errors and stores nothing", async () => {
    const person = await createUser(database.db);
    await expect(
      submitFeedback(database.db, { userId: person.id, message: " ", topic: "nonsense" }, guard()),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: { fields: { message: "Please enter a message.", topic: "Please choose a topic from the list." } },
    });
    expect(await database.db.select().from(feedback).where(eq(feedback.userId, person.id))).toEqual([]);
  });

  it("refuses an unknown or deleted account", async () => {
    await expect(
      submitFeedback(database.db, { userId: "nobody", message: "Hello there" }, guard()),
    ).rejects.toMatchObject({ code: "not_found" });
    const gone = await createUser(database.db, { deletedAt: new Date() });
    await expect(
      submitFeedback(database.db, { userId: gone.id, message: "Hello there" }, guard()),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("submitSupportRequest", () => {
  it("stores the subject, the order reference and the message, and tells the team after", async () => {
    const host = await createUser(database.db, { userType: "host", name: "Dev Patel", email: "dev@example.com" });
    const result = await submitSupportRequest(
      database.db,
      {
        userId: host.id,
        subject: "Payout not arrived",
        message: "My payout for Friday's gig hasn't arrived yet.",
        orderReference: "#tb-1234",
      },
      guard(),
    );
    expect(result).toMatchObject({ replyTo: "dev@example.com" });
    const row = await stored(result.id);
    expect(row).toMatchObject({
      kind: "support",
      userId: host.id,
      name: "Dev Patel",
      email: "dev@example.com",
      subject: "Payout not arrived",
      // No order has that reference: staff are told to check before acting on it.
      message: `Order reference: TB-1234 (${ORDER_STANDING.none})\n\nMy payout for Friday's gig hasn't arrived yet.`,
    });
    expect(posts).toEqual([]);
    await announce("support", result.id);
    expect((await stored(result.id)).postedToChatAt).not.toBeNull();
    expect(posts[0]!.text).toContain("*Support request* from Dev Patel (dev@example.com, host)");
    expect(posts[0]!.text).toContain("*Subject:* Payout not arrived");
    expect(posts[0]!.text).toContain(
      `*Order:* TB-1234 (${ORDER_STANDING.none})\n> My payout for Friday's gig hasn't arrived yet.`,
    );
  });

  it("tells staff how the sender stands to the order they name, a stranger's the same as none", async () => {
    const host = await createUser(database.db, { userType: "host" });
    const buyer = await createUser(database.db);
    const friend = await createUser(database.db);
    const stranger = await createUser(database.db);
    const e = await createEvent(database.db, { hostId: host.id, startsAt: new Date(Date.now() + 7 * 86_400_000) }, [
      { pricePence: 1200, capacity: 10 },
    ]);
    const { reference, tickets } = await buyTickets(database.db, {
      eventId: e.id,
      buyer,
      quantity: 2,
      now: new Date(),
      sign: createTicketCodes("a test ticket secret that is long enough").sign,
    });
    // One of the two passed to a friend, who claimed it.
    await database.db.update(ticket).set({ holderUserId: friend.id }).where(eq(ticket.id, tickets[1]!.id));
    const standing = async (userId: string, orderReference: string) => {
      const sent = await submitSupportRequest(
        database.db,
        { userId, subject: "About my booking", message: "Can I change the name on it?", orderReference },
        guard(),
      );
      return (await stored(sent.id)).message.split("\n")[0];
    };
    expect(await standing(buyer.id, reference)).toBe(`Order reference: ${reference} (${ORDER_STANDING.bought})`);
    expect(await standing(host.id, reference.toLowerCase())).toBe(
      `Order reference: ${reference} (${ORDER_STANDING.hosted})`,
    );
    expect(await standing(friend.id, reference)).toBe(`Order reference: ${reference} (${ORDER_STANDING.holds})`);
    expect(await standing(stranger.id, reference)).toBe(`Order reference: ${reference} (${ORDER_STANDING.none})`);
    expect(await standing(stranger.id, "TB-NOSUCH")).toBe(`Order reference: TB-NOSUCH (${ORDER_STANDING.none})`);
  });

  it("needs a subject and a message, and names the field that is wrong", async () => {
    const person = await createUser(database.db);
    await expect(
      submitSupportRequest(
        database.db,
        { userId: person.id, subject: "Hi", message: "Help", orderReference: "" },
        guard(),
      ),
    ).rejects.toMatchObject({
      code: "validation_failed",
      details: {
        fields: { subject: "Subject needs at least 3 characters.", message: "Message needs at least 10 characters." },
      },
    });
    expect(await database.db.select().from(feedback).where(eq(feedback.userId, person.id))).toEqual([]);
  });
});

describe("messages to the team are limited like sign-up", () => {
  const countOf = async (userId: string) =>
    (await database.db.select().from(feedback).where(eq(feedback.userId, userId))).length;

  it("takes a person's feedback and support requests up to their limit, then refuses, storing nothing", async () => {
    const person = await createUser(database.db);
    const now = new Date();
    const { limit } = MESSAGE_LIMITS.byPerson;
    for (let i = 0; i < limit; i++) {
      const send =
        i % 2 === 0
          ? submitFeedback(database.db, { userId: person.id, message: `Idea number ${i}` }, guard(undefined, now))
          : submitSupportRequest(
              database.db,
              { userId: person.id, subject: "Help please", message: `Question number ${i}` },
              guard(undefined, now),
            );
      await send;
    }
    // From a new address every time: the person's own limit still holds.
    await expect(
      submitFeedback(database.db, { userId: person.id, message: "One more idea" }, guard(undefined, now)),
    ).rejects.toMatchObject({
      code: "rate_limited",
      message: "Please try again in a few minutes!",
    });
    await expect(
      submitSupportRequest(
        database.db,
        { userId: person.id, subject: "Help please", message: "One more question" },
        guard(undefined, now),
      ),
    ).rejects.toMatchObject({ code: "rate_limited" });
    expect(await countOf(person.id)).toBe(limit);
    // The window passes, and they may write again.
    const later = new Date(now.getTime() + MESSAGE_LIMITS.byPerson.windowMs + 1);
    await submitFeedback(database.db, { userId: person.id, message: "Back again" }, guard(undefined, later));
    expect(await countOf(person.id)).toBe(limit + 1);
  });

  it("limits one address across many accounts", async () => {
    const ip = crypto.randomUUID();
    const now = new Date();
    const { limit } = MESSAGE_LIMITS.byAddress;
    for (let i = 0; i < limit; i++) {
      const person = await createUser(database.db);
      await submitFeedback(database.db, { userId: person.id, message: `Hello from account ${i}` }, guard(ip, now));
    }
    const next = await createUser(database.db);
    await expect(
      submitFeedback(database.db, { userId: next.id, message: "And another" }, guard(ip, now)),
    ).rejects.toMatchObject({ code: "rate_limited" });
    expect(await countOf(next.id)).toBe(0);
    // Another address is not held back by this one.
    await submitFeedback(database.db, { userId: next.id, message: "From elsewhere" }, guard(undefined, now));
    expect(await countOf(next.id)).toBe(1);
  });

  it("does not count a message that was refused for its content", async () => {
    const person = await createUser(database.db);
    const ip = crypto.randomUUID();
    for (let i = 0; i < MESSAGE_LIMITS.byAddress.limit + 5; i++) {
      await expect(submitFeedback(database.db, { userId: person.id, message: " " }, guard(ip))).rejects.toMatchObject({
        code: "validation_failed",
      });
    }
    await submitFeedback(database.db, { userId: person.id, message: "Now a real message" }, guard(ip));
    expect(await countOf(person.id)).toBe(1);
  });
});
