import { describe, expect, it } from "vitest";
import { readLimitedFormData } from "./read-limited-form";

const url = "http://localhost/u/settings/profile";

function streamOf(chunks: Uint8Array[], pulled: { count: number }) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) {
        pulled.count++;
        controller.enqueue(chunks[i++]!);
      } else controller.close();
    },
    // Nothing is pulled until someone reads.
  }, { highWaterMark: 0 });
}

describe("readLimitedFormData", () => {
  it("parses a multipart form within the limit, files included", async () => {
    const form = new FormData();
    form.set("firstName", "Ada");
    form.set("image", new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], "me.jpg", { type: "image/jpeg" }));
    const request = new Request(url, { method: "POST", body: form });
    const parsed = await readLimitedFormData(request, 10_000);
    expect(parsed).toBeInstanceOf(FormData);
    const data = parsed as FormData;
    expect(data.get("firstName")).toBe("Ada");
    expect(((data.get("image") as File).size)).toBe(6);
  });

  it("refuses by Content-Length without reading the body", async () => {
    const pulled = { count: 0 };
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Length": String(50 * 1024 * 1024), "Content-Type": "multipart/form-data; boundary=x" },
      body: streamOf([new Uint8Array(1024)], pulled),
      duplex: "half",
    } as RequestInit);
    expect(await readLimitedFormData(request, 1000)).toBe("too_large");
    expect(pulled.count).toBe(0);
  });

  it("refuses a body without a length as soon as it passes the limit, without reading the rest", async () => {
    const pulled = { count: 0 };
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(400));
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: streamOf(chunks, pulled),
      duplex: "half",
    } as RequestInit);
    expect(await readLimitedFormData(request, 1000)).toBe("too_large");
    expect(pulled.count).toBeLessThan(10);
  });

  it("refuses a nonsense Content-Length", async () => {
    const request = new Request(url, { method: "POST", headers: { "Content-Length": "lots" }, body: "a=1" });
    expect(await readLimitedFormData(request, 1000)).toBe("too_large");
  });
});
