import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hostFollow } from "~/db/schema";
import { createEvent, createHost } from "../../tests/factories/events";
import { studioTestApp } from "../../tests/setup/studio-app";
import { signInThroughApi } from "../../tests/setup/test-app";

/**
 * A host's booking page and its Follow form through the real app, as a browser without JavaScript
 * (or a script) sends them: who may post, with what, and what each refusal answers. Also where
 * Chat Support leads when a live chat is configured.
 */
const CHAT = "https://chat.example/ticketyboo";
const app = studioTestApp("host-page", { CHAT_SUPPORT_URL: CHAT });
const username = `crown-${randomUUID().slice(0, 6)}`;
let host: Awaited<ReturnType<typeof createHost>>;

beforeAll(async () => {
  host = await createHost(app.database.db, { username, isVerified: true });
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  await createEvent(app.database.db, { hostId: host.id, startsAt, name: "Folk Night" });
});

const request = (path: string, init: { form?: Record<string, string>; cookie?: string } = {}) =>
  app.send(path, init.cookie ?? null, init.form);
const signIn = (overrides: Parameters<typeof signInThroughApi>[2] = {}) =>
  signInThroughApi(app.testApp, app.database, overrides);

const follows = async (userId: string) =>
  (
    await app.database.db
      .select()
      .from(hostFollow)
      .where(and(eq(hostFollow.userId, userId), eq(hostFollow.hostId, host.id)))
  ).length > 0;

describe("/{username}", () => {
  it("is the host's page, server-rendered with one h1, a description and the host's JSON-LD", async () => {
    const res = await request(`/${username}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain("<title>The Crown Collective · Events and tickets · Ticketyboo</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain("Folk Night");
    // Signed out, Follow is a way to log in that comes back here.
    expect(html).toContain(`href="/log-in?redirect=%2F${username}"`);
  });

  it("sends a name typed with capitals to its one address, and answers 404 for anyone else", async () => {
    const upper = await request(`/${username.toUpperCase()}?page=2`);
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(`/${username}?page=2`);
    expect((await request("/nobody-by-this-name")).status).toBe(404);
    expect((await request("/a")).status).toBe(404);
    const { person } = await signIn({ username: `buyer-${randomUUID().slice(0, 6)}` });
    expect((await request(`/${person.username}`)).status).toBe(404);
  });
});

describe("following by form", () => {
  it("sends a signed-out post to log in and back, writing nothing", async () => {
    const res = await request(`/${username}`, { form: { intent: "follow", hostId: host.id } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/log-in?redirect=${encodeURIComponent(`/${username}`)}`);
    expect(await app.database.db.select().from(hostFollow).where(eq(hostFollow.hostId, host.id))).toEqual([]);
  });

  it("follows from the host's page and unfollows from the list, without JavaScript", async () => {
    const { person, cookie } = await signIn();
    const followed = await request(`/${username}`, { form: { intent: "follow", hostId: host.id }, cookie });
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain("Unfollow");
    expect(await follows(person.id)).toBe(true);

    const list = await request("/u/settings/following", { cookie });
    expect(await list.text()).toContain(`href="/${username}"`);
    const unfollowed = await request("/u/settings/following", {
      form: { intent: "unfollow", hostId: host.id },
      cookie,
    });
    expect(unfollowed.status).toBe(200);
    expect(await follows(person.id)).toBe(false);
  });

  it("answers bad posts with a 4xx, never a 500, and never follows oneself or someone unknown", async () => {
    const { person, cookie } = await signIn();
    const post = (form: Record<string, string>) => request(`/${username}`, { form, cookie });
    expect((await post({ intent: "follow" })).status).toBe(422);
    expect((await post({ intent: "like", hostId: host.id })).status).toBe(422);
    expect((await post({ intent: "follow", hostId: "x".repeat(500) })).status).toBe(422);
    expect((await post({ intent: "follow", hostId: "no-such-host" })).status).toBe(404);
    expect((await post({ intent: "follow", hostId: person.id })).status).toBe(409);
    expect(await app.database.db.select().from(hostFollow).where(eq(hostFollow.userId, person.id))).toEqual([]);
  });

  it("keeps /user/{id} for people signed in", async () => {
    const res = await request(`/user/${host.id}`, {});
    expect(res.status).toBe(302);
    const { cookie } = await signIn();
    const page = await request(`/user/${host.id}`, { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`href="/${username}"`);
  });
});

describe("Chat Support with CHAT_SUPPORT_URL set", () => {
  it("leads to the live chat in a new tab from help, and every page hands the menu its address", async () => {
    const help = await (await request("/help")).text();
    expect(help).toMatch(new RegExp(`<a href="${CHAT}" target="_blank" rel="noopener noreferrer"[^>]*>`));
    // The profile menu is drawn in the browser from the root's data, which every page carries.
    const home = await (await request("/")).text();
    // (React Router's stream escapes the quotes; the home page names the chat nowhere else.)
    expect(home).toContain("chatSupportUrl");
    expect(home).toContain(CHAT);
  });

  it("is the phone's bottom Support tab for someone signed in, opening in a new tab", async () => {
    const buyer = await signIn();
    const page = await (await request("/u/tickets", { cookie: buyer.cookie })).text();
    const nav = page.slice(page.indexOf('aria-label="App"'));
    expect(nav).toMatch(new RegExp(`<a href="${CHAT}" target="_blank" rel="noopener noreferrer"[^>]*>.*?Support`));
    expect(nav).not.toContain('href="/u/customer-support"');
  });
});
