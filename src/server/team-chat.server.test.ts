import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTeamChat } from "./team-chat.server";

/** A stand-in chat service: a real HTTP server that records what it receives and answers as told. */
interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}
let received: Received[] = [];
let respond: (res: http.ServerResponse) => void = (res) => res.end("ok");
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({
      method: req.method ?? "",
      path: req.url ?? "",
      contentType: req.headers["content-type"],
      body: Buffer.concat(chunks).toString("utf8"),
    });
    respond(res);
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  received = [];
  respond = (res) => res.end("ok");
});

function recordingLogger() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return { lines, warn: (obj: Record<string, unknown>, msg: string) => void lines.push({ obj, msg }) };
}

describe("createTeamChat", () => {
  it("posts Slack-style JSON with the text and reports success", async () => {
    const log = recordingLogger();
    const chat = createTeamChat(`${base}/hooks/T000/B000/secret-token`, log);
    expect(chat.configured).toBe(true);
    expect(await chat.post("New feedback: *love it* — “quotes” & <angles>")).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", path: "/hooks/T000/B000/secret-token" });
    expect(received[0]!.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(received[0]!.body)).toEqual({ text: "New feedback: *love it* — “quotes” & <angles>" });
    expect(log.lines).toEqual([]);
  });

  it("returns false and logs (without the secret path) when the chat answers with an error", async () => {
    respond = (res) => {
      res.statusCode = 404;
      res.end("no_service");
    };
    const log = recordingLogger();
    const chat = createTeamChat(`${base}/hooks/secret-token`, log);
    expect(await chat.post("hello")).toBe(false);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.obj).toMatchObject({ status: 404 });
    expect(JSON.stringify(log.lines)).not.toContain("secret-token");
  });

  it("gives up after the timeout instead of hanging the request", async () => {
    respond = () => {
      // Never answer.
    };
    const log = recordingLogger();
    const chat = createTeamChat(`${base}/slow`, log, { timeoutMs: 200 });
    const started = Date.now();
    expect(await chat.post("hello")).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(log.lines[0]!.obj).toMatchObject({ reason: "no answer within 200 ms" });
  });

  it("returns false when nothing listens at the address", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const log = recordingLogger();
    expect(await createTeamChat(`http://127.0.0.1:${port}/hook`, log).post("hello")).toBe(false);
    expect(log.lines).toHaveLength(1);
  });

  it("does nothing without a URL", async () => {
    const log = recordingLogger();
    const chat = createTeamChat(undefined, log);
    expect(chat.configured).toBe(false);
    expect(await chat.post("hello")).toBe(false);
    expect(received).toEqual([]);
    expect(log.lines).toEqual([]);
  });
});
