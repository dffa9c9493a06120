import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { trackingLink } from "~/db/schema";
import { consentFromChoice, serializeConsent } from "~/lib/consent";
import { addHostMember } from "~/services/studio-access";
import { createEvent } from "../../tests/factories/events";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * Promote over HTTP, as a browser without JavaScript uses it: the pages for owners and managers
 * only, on the host's own address; the tracking links' forms; the share kit's downloads; and the
 * attribution cookie on the event page (decision 0039).
 */
const studio = studioTestApp("promote");
let owner: Awaited<ReturnType<typeof signInThroughApi>>;
let other: Awaited<ReturnType<typeof signInThroughApi>>;
let scanner: Awaited<ReturnType<typeof signInThroughApi>>;
let manager: Awaited<ReturnType<typeof signInThroughApi>>;
let eventId: string;
let slug: string;

beforeAll(async () => {
  owner = await signInThroughApi(studio.testApp, studio.database, {
    userType: "host",
    hostTitle: "The Crown Collective",
    username: null,
  });
  other = await signInThroughApi(studio.testApp, studio.database, {
    userType: "host",
    hostTitle: "Northern Sparks",
    username: null,
  });
  manager = await signInThroughApi(studio.testApp, studio.database, { firstName: "Mia", lastName: "Manager" });
  scanner = await signInThroughApi(studio.testApp, studio.database, { firstName: "Sid", lastName: "Scanner" });
  await addHostMember(studio.database.db, { hostId: owner.person.id, userId: manager.person.id, role: "manager" });
  await addHostMember(studio.database.db, { hostId: owner.person.id, userId: scanner.person.id, role: "scanner" });
  const e = await createEvent(
    studio.database.db,
    { hostId: owner.person.id, startsAt: new Date(Date.now() + 9 * 86_400_000), name: "Crown Quiz Night" },
    [{ pricePence: 500, capacity: 40 }],
  );
  eventId = e.id;
  slug = e.slug;
});

function send(
  path: string,
  cookie: string | null,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return studio.testApp.app.request(new URL(path, studio.testApp.config.publicUrl).href, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      Origin: studio.testApp.config.publicUrl,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

const sharePath = () => `/h/promote/${owner.person.id}/share?event=${eventId}`;
const linksOf = () => studio.database.db.select().from(trackingLink).where(eq(trackingLink.eventId, eventId));

describe("the Promote pages", () => {
  it("show an owner and a manager the event, its share kit and the link form", async () => {
    for (const who of [owner, manager]) {
      const list = await send("/h/promote", who.cookie);
      expect(list.status).toBe(200);
      const html = await list.text();
      expect(html).toContain("Crown Quiz Night");
      expect(html).toContain(`/h/promote/${owner.person.id}/share?event=${eventId}`);
      const kit = await send(sharePath(), who.cookie);
      expect(kit.status).toBe(200);
      const page = await kit.text();
      for (const words of ["Tracking links", "Make tracking link", "Posters and pictures", "Ready to paste", "£5.05"])
        expect(page).toContain(words);
      expect(page).toContain(`/hosts/${owner.person.id}?event=${slug}`);
    }
  });

  it("answer 404 to a scanner, to another host (on this host's address or event), for another host id", async () => {
    for (const path of ["/h/promote", sharePath(), `/h/promote/${owner.person.id}/share/${eventId}/square.png`])
      expect((await send(path, scanner.cookie)).status).toBe(404);
    expect((await send(sharePath(), other.cookie)).status).toBe(404);
    expect((await send(`/h/promote/${other.person.id}/share?event=${eventId}`, other.cookie)).status).toBe(404);
    expect((await send(`/h/promote/${owner.person.id}/share/${eventId}/poster.pdf`, other.cookie)).status).toBe(404);
    expect((await send(`/h/promote/${owner.person.id}/share/${eventId}/nope.png`, owner.cookie)).status).toBe(404);
    const posted = await send(`/h/promote/${owner.person.id}/share`, other.cookie, {
      intent: "create",
      eventId,
      name: "Sneaky",
      medium: "social",
    });
    expect(posted.status).toBe(404);
    expect(await linksOf()).toEqual([]);
  });

  it("make, rename, archive and delete a link through the forms, naming the field when a name is missing", async () => {
    const path = `/h/promote/${owner.person.id}/share?event=${eventId}`;
    const missing = await send(path, owner.cookie, { intent: "create", eventId, name: "  ", medium: "social" });
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain("Give the link a name");
    const made = await send(path, owner.cookie, { intent: "create", eventId, name: "Instagram bio", medium: "social" });
    expect(made.status).toBe(200);
    const [link] = await linksOf();
    expect(link).toMatchObject({ name: "Instagram bio", utmSource: "instagram-bio", utmMedium: "social" });
    const page = await (await send(path, owner.cookie)).text();
    expect(page).toContain(`/t/${link!.code}`);
    await send(path, owner.cookie, { intent: "rename", target: link!.id, name: "Insta bio" });
    await send(path, owner.cookie, { intent: "archive", target: link!.id });
    expect((await linksOf())[0]).toMatchObject({ name: "Insta bio", archivedAt: expect.any(Date) });
    await send(path, owner.cookie, { intent: "delete", target: link!.id });
    expect(await linksOf()).toEqual([]);
  });

  it("download the posters and pictures with their types, cached by their words", async () => {
    for (const [asset, type] of [
      ["poster.pdf", "application/pdf"],
      ["poster.png", "image/png"],
      ["square.png", "image/png"],
      ["story.png", "image/png"],
    ]) {
      const res = await send(`/h/promote/${owner.person.id}/share/${eventId}/${asset}`, owner.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe(type);
      expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}-${asset}"`);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(body.length).toBeGreaterThan(2_000);
      const etag = res.headers.get("ETag")!;
      const again = await send(`/h/promote/${owner.person.id}/share/${eventId}/${asset}`, owner.cookie, undefined, {
        "If-None-Match": etag,
      });
      expect(again.status).toBe(304);
    }
  });
});

describe("tracking links on the site", () => {
  const consent = (statistics: boolean) =>
    serializeConsent(consentFromChoice({ performance: false, statistics }, new Date().toISOString()), false).split(
      ";",
    )[0]!;

  it("answer the site's 404 page for an unknown or malformed code", async () => {
    for (const path of ["/t/zzzzzzzz", "/t/short", "/t/..%2F..%2Fetc"]) {
      const res = await send(path, null);
      expect(res.status).toBe(404);
    }
  });

  it("remember the link on the event page once the visitor allows statistics there, and not before", async () => {
    const made = await send(sharePath(), owner.cookie, { intent: "create", eventId, name: "Posters", medium: "print" });
    expect(made.status).toBe(200);
    const code = (await linksOf()).find((l) => l.name === "Posters")!.code;
    const page = `/events/${slug}?tb_link=${code}`;
    const setsIt = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(`tb_link=${code};`));
    expect(setsIt(await send(page, null))).toBe(false);
    expect(setsIt(await send(page, consent(false)))).toBe(false);
    expect(setsIt(await send(page, consent(true)))).toBe(true);
    expect(setsIt(await send(page, `${consent(true)}; tb_link=${code}`))).toBe(false);
    // Statistics withdrawn on the cookie card: the next page takes the cookie away.
    const withdrawn = await send(`/events/${slug}`, `${consent(false)}; tb_link=${code}`);
    expect(withdrawn.headers.getSetCookie()).toContain("tb_link=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
