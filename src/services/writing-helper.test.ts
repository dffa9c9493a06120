import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createWritingHelper } from "~/server/writing-helper.server";
import { studioMessages } from "~/texts/studio-messages";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createDbThrottle } from "./throttle";
import { draftDescription, WRITING_HELPER_RULE } from "./writing-helper";

/*
 * The writing helper against a fake that speaks OpenAI's chat-completions protocol: what it is sent
 * (model, bearer key, the host's words), a good answer cleaned to the editor's marks, and every way
 * an answer can fail coming back as the spec's "no response" message.
 */
let database: Database;
let server: Server;
let baseUrl: string;
let mode: "ok" | "error" | "empty" | "slow" = "ok";
const seen: { auth?: string; body?: { model: string; messages: { role: string; content: string }[] } }[] = [];
const quiet = { warn: () => {} };

async function bodyOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return res.writeHead(404).end();
    seen.push({ auth: req.headers.authorization, body: await bodyOf(req) });
    if (mode === "slow") return setTimeout(() => res.writeHead(200).end("{}"), 500);
    if (mode === "error") return res.writeHead(429, { "Content-Type": "application/json" }).end('{"error":{}}');
    const content = mode === "empty" ? "" : '<p>Six rounds.<script>alert(1)</script></p><img src="x">';
    res.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-1",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  await database.close();
  await new Promise((resolve) => server.close(resolve));
});

const now = new Date("2026-11-26T10:00:00Z");
const input = (hostId: string) => ({
  hostId,
  name: "Crown Quiz",
  category: "pubs-clubs-events",
  notes: "<p>Teams of six</p>",
  now,
});

describe("the writing helper", () => {
  it("asks the configured model with the host's words and answers clean HTML", async () => {
    mode = "ok";
    const helper = createWritingHelper({ baseUrl, apiKey: "sk-test", model: "tiny-model" }, quiet);
    const answer = await draftDescription(helper, createDbThrottle(database.db), input("host-a"));
    expect(answer).toEqual({ html: "<p>Six rounds.</p>" });
    const last = seen.at(-1)!;
    expect(last.auth).toBe("Bearer sk-test");
    expect(last.body!.model).toBe("tiny-model");
    expect(last.body!.messages[1]!.content).toBe(
      "Event: Crown Quiz\nCategory: Pubs & Clubs\nHost's notes: Teams of six",
    );
  });

  it("says there was no response when the model refuses, answers nothing or is too slow", async () => {
    const helper = createWritingHelper({ baseUrl, model: "tiny-model" }, quiet, { timeoutMs: 100 });
    for (const m of ["error", "empty", "slow"] as const) {
      mode = m;
      expect(await draftDescription(helper, createDbThrottle(database.db), input("host-b")), m).toEqual({
        error: studioMessages.writingHelperNoResponse,
      });
    }
  });

  it("stops a host after the hour's allowance without asking the model", async () => {
    mode = "ok";
    const helper = createWritingHelper({ baseUrl, model: "tiny-model" }, quiet);
    const throttle = createDbThrottle(database.db);
    for (let i = 0; i < WRITING_HELPER_RULE.limit; i++) await draftDescription(helper, throttle, input("host-c"));
    const asked = seen.length;
    expect(await draftDescription(helper, throttle, input("host-c"))).toEqual({
      error: studioMessages.writingHelperBusy,
    });
    expect(seen.length).toBe(asked);
  });
});
