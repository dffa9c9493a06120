import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignRecipient, emailCampaign, emailMessage, marketingUnsubscribe } from "~/db/schema";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * Email marketing over HTTP, as a browser and a mail app use it: the Studio's campaign pages, the
 * one-click unsubscribe (a POST with no session, RFC 8058) and its page, and the open and click links.
 */
const studio = studioTestApp("campaigns");

const send = studio.send;

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe("the campaign pages", () => {
  it("starts a draft, shows its preview, and sends a test that arrives with a one-click unsubscribe", async () => {
    const host = await signInThroughApi(studio.testApp, studio.database, {
      userType: "host",
      hostTitle: "The Lantern Rooms",
    });
    const empty = await send("/h/marketing/email", host.cookie);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No campaigns yet");

    const made = await send("/h/promote/email-campaign", host.cookie, { intent: "create" });
    expect(made.status).toBe(302);
    const editor = made.headers.get("Location")!;
    expect(editor).toMatch(/^\/h\/promote\/email-campaign\/[0-9a-f-]{36}$/);

    // A test of a draft with no subject or content waits, saying what to add: it would show nothing.
    const blank = await send(editor, host.cookie, {
      intent: "test",
      subject: "",
      previewText: "",
      blockKind: "",
      blockText: "",
      blockUrl: "",
      blockLabel: "",
      blockEvent: "",
      toBuyers: "on",
    });
    expect(blank.status).toBe(422);
    const sentTests = () =>
      studio.database.db
        .select()
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, host.person.email), eq(emailMessage.template, "campaign")));
    expect(await sentTests()).toEqual([]);

    const saved = await send(editor, host.cookie, {
      intent: "test",
      subject: "Folk night is back",
      previewText: "Tickets are on sale",
      blockKind: "heading",
      blockText: "See you on Friday",
      blockUrl: "",
      blockLabel: "",
      blockEvent: "",
      toBuyers: "on",
    });
    expect(saved.status).toBe(200);
    const page = await (await send(editor, host.cookie)).text();
    expect(page).toContain("Email preview");
    expect(page).toContain("See you on Friday");

    const [test] = await sentTests();
    expect(test!.subject).toBe("[Test] Folk night is back");
    expect(test!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The header's address, posted as a mail app does: no session, no Origin, the RFC 8058 body.
    const oneClick = /^<([^>]+)>$/.exec(test!.headers["List-Unsubscribe"]!)![1]!;
    const posted = await studio.testApp.app.request(oneClick, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(204);
    const rows = await studio.database.db
      .select()
      .from(marketingUnsubscribe)
      .where(eq(marketingUnsubscribe.hostId, host.person.id));
    expect(rows).toMatchObject([{ email: host.person.email.toLowerCase(), source: "one_click" }]);

    // A token that isn't ours changes nothing.
    const forged = await studio.testApp.app.request(oneClick.replace(/token=h\.[^.]+/, "token=h.bm9ib2R5"), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(404);

    // The campaign stays a draft and the list shows it.
    const list = await (await send("/h/marketing/email", host.cookie)).text();
    expect(list).toContain("Folk night is back");
    expect(list).toContain("Draft");
  });

  it("refuses to schedule in the past, naming the field, and keeps the draft", async () => {
    const host = await signInThroughApi(studio.testApp, studio.database, {
      userType: "host",
      hostTitle: "Back Room Comedy",
    });
    const made = await send("/h/promote/email-campaign", host.cookie, { intent: "create" });
    const editor = made.headers.get("Location")!;
    const res = await send(editor, host.cookie, {
      intent: "schedule",
      subject: "Tonight",
      previewText: "",
      blockKind: "text",
      blockText: "Doors at seven.",
      blockUrl: "",
      blockLabel: "",
      blockEvent: "",
      toBuyers: "on",
      sendAtDate: "2020-01-01",
      sendAtTime: "19:00",
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Choose a time at least a minute from now (London time)");
    const [row] = await studio.database.db
      .select()
      .from(emailCampaign)
      .where(eq(emailCampaign.id, editor.split("/").at(-1)!));
    expect(row).toMatchObject({ status: "draft", subject: "Tonight" });
  });
});

describe("the unsubscribe page and tracked links", () => {
  it("asks first on GET, unsubscribes on the button, and can undo", async () => {
    const host = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "The Dock" });
    const url = studio.testApp.unsubscribe.campaign.unsubscribePage(host.person.id, "reader@example.com");
    const page = await send(pathOf(url), null);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Stop emails from The Dock?");
    const token = new URL(url).searchParams.get("token")!;
    // A visit changes nothing (link checkers follow links).
    expect(
      await studio.database.db
        .select()
        .from(marketingUnsubscribe)
        .where(eq(marketingUnsubscribe.hostId, host.person.id)),
    ).toEqual([]);
    const done = await send(pathOf(url), null, { token, intent: "unsubscribe" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You&#x27;re unsubscribed");
    expect(
      await studio.database.db
        .select()
        .from(marketingUnsubscribe)
        .where(eq(marketingUnsubscribe.hostId, host.person.id)),
    ).toMatchObject([{ email: "reader@example.com", source: "page" }]);
    await send(pathOf(url), null, { token, intent: "resubscribe" });
    expect(
      await studio.database.db
        .select()
        .from(marketingUnsubscribe)
        .where(eq(marketingUnsubscribe.hostId, host.person.id)),
    ).toEqual([]);
    expect((await send("/email/unsubscribe?token=h.x.y.z", null)).status).toBe(404);
  });

  it("counts the first open and click, and redirects only where the signature says", async () => {
    const host = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "Open Stage" });
    const [campaign] = await studio.database.db
      .insert(emailCampaign)
      .values({ hostId: host.person.id, subject: "Hi", status: "sent" })
      .returning();
    const [r] = await studio.database.db
      .insert(campaignRecipient)
      .values({ campaignId: campaign!.id, email: "reader@example.com", status: "sent", sentAt: new Date() })
      .returning();
    const links = studio.testApp.unsubscribe.campaign;
    const pixel = await studio.testApp.app.request(links.openPixel(r!.id));
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("Content-Type")).toBe("image/gif");
    const click = await studio.testApp.app.request(links.click(r!.id, "https://example.com/gig"), {
      redirect: "manual",
    });
    expect(click.status).toBe(302);
    expect(click.headers.get("Location")).toBe("https://example.com/gig");
    const elsewhere = links.click(r!.id, "https://example.com/gig").replace("example.com%2Fgig", "evil.test%2F");
    expect((await studio.testApp.app.request(elsewhere, { redirect: "manual" })).status).toBe(404);
    const [after] = await studio.database.db.select().from(campaignRecipient).where(eq(campaignRecipient.id, r!.id));
    expect(after!.openedAt).not.toBeNull();
    expect(after!.clickedAt).not.toBeNull();
  });
});
