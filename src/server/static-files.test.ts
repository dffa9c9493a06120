import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";

// The build writes Brotli and gzip copies beside each script and stylesheet (vite.config.ts); the
// server sends the copy the browser accepts, as it is, and the file itself to one that takes neither.
const script = `export const greeting = ${JSON.stringify("hello from the build ".repeat(200))};\n`;
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "tb-static-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  const file = path.join(clientDir, "assets", "page-abc123.js");
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script, { level: 9 }));
  database = await createTestDatabase();
  testApp = await createTestApp(
    database,
    {},
    {
      getBuild: () => Promise.reject(new Error("no pages here")),
      clientDir: path.relative(process.cwd(), clientDir),
    },
  );
});

afterAll(async () => {
  await testApp.close();
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("built assets", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br", (b: Buffer) => zlib.brotliDecompressSync(b)],
    ["gzip, deflate", "gzip", (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)("are sent precompressed to a browser accepting %s (%s)", async (accept, encoding, decode) => {
    const res = await testApp.app.request("/assets/page-abc123.js", { headers: { "Accept-Encoding": accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe(encoding);
    expect(res.headers.get("Content-Type")).toMatch(/javascript/);
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(decode(body).toString()).toBe(script);
  });

  it("are sent as they are to a client that accepts no compression", async () => {
    const res = await testApp.app.request("/assets/page-abc123.js", { headers: { "Accept-Encoding": "identity" } });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.text()).toBe(script);
  });
});
