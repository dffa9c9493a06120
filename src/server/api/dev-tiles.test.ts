import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

let database: Database;
let withDev: Awaited<ReturnType<typeof createTestApp>>;
let withoutDev: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  withDev = await createTestApp(database, { ENABLE_DEV_ROUTES: "true" });
  withoutDev = await createTestApp(database, { ENABLE_DEV_ROUTES: "false" });
});

afterAll(async () => {
  await withDev.close();
  await withoutDev.close();
  await database.close();
});

describe("GET /dev/tiles/:z/:x/:y.png", () => {
  it("serves a 256 px PNG tile with dev routes on", async () => {
    const res = await withDev.app.request("/dev/tiles/6/31/20.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, "png"]);
  });

  it("refuses paths that are not tile coordinates", async () => {
    expect((await withDev.app.request("/dev/tiles/6/31/20.jpg")).status).toBe(404);
    expect((await withDev.app.request("/dev/tiles/x/31/20.png")).status).toBe(404);
  });

  it("does not exist without dev routes", async () => {
    const res = await withoutDev.app.request("/dev/tiles/6/31/20.png");
    expect(res.headers.get("Content-Type") ?? "").not.toBe("image/png");
  });
});
