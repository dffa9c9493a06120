import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "~/texts/messages";
import { answerError } from "./error-table";
import { field, parseForm, parseQuery, readForm, readJson } from "./read-form";

const url = "http://localhost/u/settings/profile";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body, headers });

function streamOf(chunks: Uint8Array[], pulled: { count: number }) {
  let i = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (i < chunks.length) {
          pulled.count++;
          controller.enqueue(chunks[i++]!);
        } else controller.close();
      },
      // Nothing is pulled until someone reads.
    },
    { highWaterMark: 0 },
  );
}

const Order = z.object({
  email: z.email(),
  quantity: field.number(z.number().int().min(1).max(10)),
  giftAid: field.checkbox(),
  note: field.text(20),
});

describe("readForm", () => {
  it("answers the typed values of a URL-encoded form: text, a number, a checkbox", async () => {
    const form = await readForm(
      post(new URLSearchParams({ email: "ada@example.com", quantity: "3", giftAid: "on", note: "front row" })),
      Order,
    );
    expect(form).toEqual({
      ok: true,
      data: { email: "ada@example.com", quantity: 3, giftAid: true, note: "front row" },
    });
    if (form.ok) {
      // Typed: these lines would not compile if the data were strings.
      const total: number = form.data.quantity * 2;
      const ticked: boolean = form.data.giftAid;
      expect([total, ticked]).toEqual([6, true]);
    }
  });

  it("reads an unticked checkbox (not sent) as false and a missing text as empty", async () => {
    const form = await readForm(post(new URLSearchParams({ email: "ada@example.com", quantity: "1" })), Order);
    expect(form).toMatchObject({ ok: true, data: { giftAid: false, note: "" } });
  });

  it("names each field that is wrong, with words fit to show beside its input", async () => {
    const form = await readForm(
      post(new URLSearchParams({ email: "not an email", quantity: "eleven", note: "x".repeat(21) })),
      Order,
    );
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.error.code).toBe("validation_failed");
    expect(form.error.details?.fields).toEqual({
      email: messages.auth.invalidEmail,
      quantity: messages.forms.enterNumber,
      note: messages.forms.atMostCharacters(20),
    });
    // Through the one table: 422, and the fields' words for the form.
    expect(answerError(form.error)).toMatchObject({
      status: 422,
      fieldErrors: { email: messages.auth.invalidEmail, quantity: messages.forms.enterNumber },
    });
  });

  it("says what a number must be, and that a blank required number is missing", async () => {
    const big = await readForm(post(new URLSearchParams({ email: "a@example.com", quantity: "12" })), Order);
    expect(!big.ok && big.error.details?.fields).toEqual({ quantity: messages.forms.atMost(10) });
    const blank = await readForm(post(new URLSearchParams({ email: "a@example.com", quantity: " " })), Order);
    expect(!blank.ok && blank.error.details?.fields).toEqual({ quantity: messages.forms.required });
  });

  it("keeps a schema's own words over the plain ones, and an object's own check as the form's message", async () => {
    const Passwords = z
      .object({ password: z.string().min(8, messages.auth.passwordTooShort), confirm: field.text() })
      .refine((f) => f.password === f.confirm, messages.auth.passwordsDoNotMatch);
    const short = await readForm(post(new URLSearchParams({ password: "abc", confirm: "abc" })), Passwords);
    expect(!short.ok && short.error.details?.fields).toEqual({ password: messages.auth.passwordTooShort });
    const differ = await readForm(post(new URLSearchParams({ password: "abcdefgh", confirm: "abcdefgi" })), Passwords);
    expect(!differ.ok && differ.error.message).toBe(messages.auth.passwordsDoNotMatch);
    expect(!differ.ok && differ.error.details?.fields).toEqual({});
  });

  it("gives repeated fields as a list where the schema asks for one, and refuses a repeated single field", async () => {
    const Tags = z.object({ tag: field.list(z.enum(["music", "comedy", "food"])), name: field.text() });
    const many = new URLSearchParams([
      ["tag", "music"],
      ["tag", "food"],
      ["name", "Fair"],
    ]);
    expect(await readForm(post(many), Tags)).toEqual({ ok: true, data: { tag: ["music", "food"], name: "Fair" } });
    expect(await readForm(post(new URLSearchParams([["tag", "comedy"]])), Tags)).toEqual({
      ok: true,
      data: { tag: ["comedy"], name: "" },
    });
    expect(await readForm(post(new URLSearchParams()), Tags)).toEqual({ ok: true, data: { tag: [], name: "" } });
    const twice = await readForm(
      post(
        new URLSearchParams([
          ["name", "a"],
          ["name", "b"],
        ]),
      ),
      Tags,
    );
    expect(!twice.ok && twice.error.details?.fields).toEqual({ name: messages.forms.sendOnce });
    const wrong = await readForm(
      post(
        new URLSearchParams([
          ["tag", "music"],
          ["tag", "opera"],
        ]),
      ),
      Tags,
    );
    expect(!wrong.ok && wrong.error.details?.fields).toEqual({ tag: messages.forms.chooseOption });
  });

  it("reads a multipart form, files included; an empty file input is no file", async () => {
    const Upload = z.object({ firstName: field.text(), image: field.file(), cover: field.file() });
    const body = new FormData();
    body.set("firstName", "Ada");
    body.set("image", new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], "me.jpg", { type: "image/jpeg" }));
    body.set("cover", new File([], ""));
    const form = await readForm(post(body), Upload);
    expect(form.ok && form.data.firstName).toBe("Ada");
    expect(form.ok && form.data.image?.size).toBe(6);
    expect(form.ok && form.data.cover).toBeUndefined();
  });

  it("refuses a body over the limit by its Content-Length, without reading it", async () => {
    const pulled = { count: 0 };
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Length": String(50 * 1024 * 1024), "Content-Type": "multipart/form-data; boundary=x" },
      body: streamOf([new Uint8Array(1024)], pulled),
      duplex: "half",
    } as RequestInit);
    const form = await readForm(request, Order, { maxBytes: 1000 });
    expect(!form.ok && answerError(form.error)).toMatchObject({
      code: "too_large",
      status: 413,
      message: messages.generic.tooLarge,
    });
    expect(pulled.count).toBe(0);
  });

  it("refuses a body without a length as soon as it passes the limit, without reading the rest", async () => {
    const pulled = { count: 0 };
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: streamOf(
        Array.from({ length: 100 }, () => new Uint8Array(400)),
        pulled,
      ),
      duplex: "half",
    } as RequestInit);
    const form = await readForm(request, Order, { maxBytes: 1000 });
    expect(!form.ok && form.error.code).toBe("too_large");
    expect(pulled.count).toBeLessThan(10);
  });

  it("refuses a nonsense Content-Length", async () => {
    const form = await readForm(
      post("a=1", { "Content-Length": "lots", "Content-Type": "application/x-www-form-urlencoded" }),
      Order,
    );
    expect(!form.ok && form.error.code).toBe("too_large");
  });

  it("refuses what is not a form (JSON, no type, a broken multipart body) as a bad request", async () => {
    const json = await readForm(
      post(JSON.stringify({ email: "a@example.com" }), { "Content-Type": "application/json" }),
      Order,
    );
    expect(!json.ok && answerError(json.error)).toMatchObject({ code: "bad_request", status: 400 });
    const untyped = await readForm(new Request(url, { method: "POST", body: new Uint8Array([1, 2]) }), Order);
    expect(!untyped.ok && untyped.error.code).toBe("bad_request");
    const broken = await readForm(
      post("--x\r\nnonsense", { "Content-Type": "multipart/form-data; boundary=x" }),
      Order,
    );
    expect(!broken.ok && broken.error.code).toBe("bad_request");
  });
});

describe("parseForm and parseQuery", () => {
  it("reads FormData built in the page the same as a posted body", () => {
    const body = new FormData();
    body.append("email", "ada@example.com");
    body.append("quantity", "2");
    expect(parseForm(body, Order)).toEqual({
      ok: true,
      data: { email: "ada@example.com", quantity: 2, giftAid: false, note: "" },
    });
  });

  it("answers a bad query string as the address's fault (400), naming the field", () => {
    const Search = z.object({ q: field.text(500), limit: field.number(z.number().int().min(1).max(50).default(10)) });
    expect(parseQuery("http://localhost/api/search?q=quiz", Search)).toEqual({
      ok: true,
      data: { q: "quiz", limit: 10 },
    });
    const bad = parseQuery("http://localhost/api/search?q=quiz&limit=2.5", Search);
    expect(!bad.ok && answerError(bad.error)).toMatchObject({
      code: "bad_request",
      status: 400,
      details: { field: "limit" },
      fieldErrors: { limit: messages.forms.checkField },
    });
  });
});

describe("readJson", () => {
  const Measurement = z.object({ path: z.string().startsWith("/"), value: z.number().min(0) });
  const json = (body: string, type = "application/json") =>
    new Request(url, { method: "POST", body, headers: { "Content-Type": type } });

  it("answers typed JSON, and names the fields that are wrong", async () => {
    expect(await readJson(json('{"path":"/","value":2}'), Measurement)).toEqual({
      ok: true,
      data: { path: "/", value: 2 },
    });
    const wrong = await readJson(json('{"path":"x","value":-1}'), Measurement);
    expect(!wrong.ok && wrong.error.details?.fields).toEqual({
      path: messages.forms.checkField,
      value: messages.forms.atLeast(0),
    });
  });

  it("refuses a form, broken JSON and an oversize body", async () => {
    expect((await readJson(json("path=/", "application/x-www-form-urlencoded"), Measurement)).ok).toBe(false);
    const broken = await readJson(json("{"), Measurement);
    expect(!broken.ok && broken.error.code).toBe("bad_request");
    const big = await readJson(json(JSON.stringify({ path: "/".repeat(2000), value: 1 })), Measurement, {
      maxBytes: 1000,
    });
    expect(!big.ok && big.error.code).toBe("too_large");
  });
});
