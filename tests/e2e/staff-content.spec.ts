import sharp from "sharp";
import {
  acceptNecessaryOnly,
  BASE_URL,
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  signIn,
  test,
} from "./fixtures";

/**
 * Staff write a blog post in the console (markdown with a live preview, a header picture) and
 * publish it; a visitor reads it on /blogs and its own page; the audit log says who published it;
 * the help centre's search finds an article by a word of its body, and says where to turn when
 * nothing matches. Axe checks every page: the post in both themes, the other public pages in the
 * dark theme and the console's in the light one.
 */
const STAFF = { email: "staff@ticketyboo.test", password: "ticketyboo" };

test("staff publish a blog post that visitors read, the audit log records it, and help search finds articles", async ({
  page,
  browser,
}) => {
  test.slow(); // two people, axe on ten pages
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const title = `Door notes ${stamp}`;

  // Staff, signed in through the API.
  await acceptNecessaryOnly(page);
  await signIn(page, STAFF);
  await page.goto("/admin/content?kind=blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blogs & help" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "New blog post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New blog post" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Short description").fill("What we learnt running the door at a basement gig.");
  const picture = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#c8175f" } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose picture").setInputFiles({ name: "header.png", mimeType: "image/png", buffer: picture });
  await page.getByLabel("Markdown").fill("## Before doors\n\nCharge the phones. **Then** open the scan page.");
  // A picture for the body too big to send is refused by name as it is chosen; what was written stays.
  await page
    .getByLabel("Picture", { exact: true })
    .setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(12 * 1024 * 1024) });
  await expect(page.getByText("Maximum allowed size for image is 10MB")).toBeVisible();
  await expect(page.getByLabel("Markdown")).toHaveValue(/Charge the phones/);
  // The live preview is the server's own rendering of the markdown.
  const preview = page.getByRole("region", { name: /Preview/ });
  await expect(preview.getByRole("heading", { name: "Before doors" })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "Then" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL(/\/admin\/content\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  // A visitor, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await acceptNecessaryOnly(visitor);
  await visitorContext.addCookies([{ name: "tb_theme", value: "dark", url: BASE_URL }]);
  await visitor.goto("/blogs");
  await expect(visitor.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole("link", { name: title }).click();
  await visitor.waitForURL(`**/blogs/door-notes-${stamp}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("What we learnt running the door at a basement gig.")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Before doors" })).toBeVisible();
  await expect(visitor.getByText(/^Published /)).toBeVisible();
  await expectAccessibleInBothThemes(visitor);
  // The header picture is ours, cleaned and resized through /img; the page describes itself for search.
  const header = visitor.locator("article img").first();
  await expect(header).toHaveAttribute("src", /^\/img\?url=%2Fmedia%2Fcontent%2Fcover-[0-9a-f-]{36}\.jpg&w=1200$/);
  expect(await header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: title });
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "What we learnt running the door at a basement gig.",
  );
  await expect(visitor.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

  // The console is a 404 for the visitor.
  expect((await visitor.goto("/admin/content"))?.status()).toBe(404);

  // The audit log names who published it.
  await page.goto("/admin/audit-log");
  const published = page.getByRole("row").filter({ hasText: `Published the blog post ‘${title}’` });
  await expect(published).toBeVisible();
  await expect(published).toContainText(STAFF.email);
  await expect(page.getByRole("row").filter({ hasText: `Created the blog post ‘${title}’` })).toBeVisible();
  await expectAccessible(page);

  // The help centre: search by a word of an article's body, without needing JavaScript's help.
  await visitor.goto("/help");
  await expect(visitor.getByRole("heading", { level: 1, name: "Help centre" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Refunds and cancellations" })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel("Search help articles").fill("refunded");
  await visitor.getByRole("button", { name: "Search" }).click();
  await visitor.waitForURL("**/help?q=refunded");
  await expect(visitor.getByRole("link", { name: "How do I cancel a booking or get a refund?" })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel("Search help articles").fill("xylophone");
  await visitor.getByRole("button", { name: "Search" }).click();
  await expect(visitor.getByRole("heading", { name: "No articles match ‘xylophone’" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  await expect(visitor.getByRole("link", { name: /Chat Support/ })).toBeVisible();
  await expectAccessible(visitor);
  await visitorContext.close();
});
