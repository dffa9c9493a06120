import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createDbThrottle } from "~/services/throttle";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { PDF_DOWNLOADS, pdfDownload } from "./pdf-download.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("PDF downloads", () => {
  it("are counted per person: over the limit, 429 with Retry-After, and nothing is drawn", async () => {
    const context = { throttle: createDbThrottle(database.db) } as unknown as AppLoadContext;
    let drawn = 0;
    const render = async () => (drawn++, Buffer.from("%PDF-1.7 test"));
    for (let i = 0; i < PDF_DOWNLOADS.limit; i++) {
      const ok = await pdfDownload(context, { userId: "bea", filename: "receipt-TB-1.pdf", render });
      expect(ok.status).toBe(200);
    }
    expect(drawn).toBe(PDF_DOWNLOADS.limit);
    const last = await pdfDownload(context, { userId: "bea", filename: "receipt-TB-1.pdf", render });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last.text()).toBe("Please try again in a few minutes!");
    expect(drawn).toBe(PDF_DOWNLOADS.limit);

    // Someone else is not held back by Bea's downloads.
    const other = await pdfDownload(context, { userId: "sam", filename: "tickets-TB-2.pdf", render });
    expect(other.status).toBe(200);
    expect(other.headers.get("Content-Disposition")).toBe('attachment; filename="tickets-TB-2.pdf"');
    expect(other.headers.get("Content-Type")).toBe("application/pdf");
  });
});
