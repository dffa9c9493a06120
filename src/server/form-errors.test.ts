import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ticketType } from "~/db/schema";
import { checkFeedback } from "~/domain/feedback-rules";
import { messages } from "~/texts/messages";
import { createEvent } from "../../tests/factories/events";
import { createTestApp, signInThroughApi } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";
import { loadRouteBuild } from "../../tests/setup/route-build";

/**
 * A refused form comes back as the page, without JavaScript: the error table's status, each field's
 * words beside its input (aria-invalid, tied by aria-describedby), and what was typed still there.
 * The forms read through readForm and answer through actionError.
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let routes: Awaited<ReturnType<typeof loadRouteBuild>> | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  routes = await loadRouteBuild();
  const { build } = routes;
  testApp = await createTestApp(
    database,
    { DATA_DIR: `/tmp/ticketyboo-form-errors-${process.pid}` },
    { getBuild: async () => build },
  );
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await routes?.close();
  await database?.close();
});

function post(path: string, form: Record<string, string>, cookie?: string) {
  return testApp.app.request(new URL(path, testApp.config.publicUrl).href, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: testApp.config.publicUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** The control named `name` in the page, and the text of the element its aria-describedby points to. */
function fieldIn(html: string, tag: "input" | "textarea" | "select", name: string, id?: string) {
  const control = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))]
    .map((m) => m[0])
    .find((c) => c.includes(`name="${name}"`) && (!id || c.includes(`id="${id}"`)));
  expect(control, `a ${tag} named ${name}`).toBeDefined();
  const describedBy = /aria-describedby="([^"]+)"/.exec(control!)?.[1]?.split(" ") ?? [];
  const notes = describedBy.map((noteId) => new RegExp(`id="${noteId}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "");
  return { control: control!, invalid: control!.includes('aria-invalid="true"'), notes };
}

describe("a refused form, shown again", () => {
  it("forgot password: names the email and the robot check, keeping the address typed", async () => {
    const res = await post("/forgot-password", { email: "not-an-address" });
    expect(res.status).toBe(422);
    const html = await res.text();
    const email = fieldIn(html, "input", "email");
    expect(email.invalid).toBe(true);
    expect(email.notes).toContain(messages.auth.invalidEmail);
    expect(email.control).toContain('value="not-an-address"');
    expect(html).toContain(messages.auth.notARobot);
  });

  it("Partner Studio: a blank capacity is named beside that ticket type's input, and nothing changes", async () => {
    const host = await signInThroughApi(testApp, database, { userType: "host" });
    const event = await createEvent(
      database.db,
      { hostId: host.person.id, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1000, capacity: 50 }],
    );
    const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, event.id));
    const res = await post(
      "/h/tickets?view=places",
      { intent: "capacity", target: type!.id, capacity: "" },
      host.cookie,
    );
    expect(res.status).toBe(422);
    const capacity = fieldIn(await res.text(), "input", "capacity", `capacity-${type!.id}`);
    expect(capacity.invalid).toBe(true);
    expect(capacity.notes).toContain(messages.forms.required);
    const [after] = await database.db.select().from(ticketType).where(eq(ticketType.id, type!.id));
    expect(after!.capacity).toBe(50);
  });

  it("feedback: the service's words for the message are shown beside it", async () => {
    const person = await signInThroughApi(testApp, database);
    const res = await post("/u/feedback", { message: "", topic: "" }, person.cookie);
    expect(res.status).toBe(422);
    const message = fieldIn(await res.text(), "textarea", "message");
    expect(message.invalid).toBe(true);
    const checked = checkFeedback({ message: "", topic: "" });
    expect(checked.ok).toBe(false);
    expect(message.notes).toContain(!checked.ok && checked.errors.message);
  });
});
