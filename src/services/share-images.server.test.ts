import { PDFParse } from "pdf-parse";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readQr } from "../../tests/setup/read-qr";
import { renderShareAsset, wrapWords, type PosterFacts } from "./share-images.server";

const facts: PosterFacts = {
  name: "Kelham Island Pub Quiz: the Christmas Special with Mince Pies & Prizes",
  when: "Sat, 5 Dec 2026, 7:30 pm",
  where: "The Fat Cat, Sheffield",
  price: "From £5.05",
  url: "https://ticketyboo.test/events/kelham-island-pub-quiz",
};

describe("the share kit's pictures and poster", () => {
  it.each([
    ["poster.png", 1240, 1754],
    ["square.png", 1080, 1080],
    ["story.png", 1080, 1920],
  ] as const)("draws %s at %d × %d with a QR code that opens the event", async (asset, width, height) => {
    const png = await renderShareAsset(asset, facts);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(png.length).toBeGreaterThan(20_000);
    expect(await readQr(png)).toBe(facts.url);
  });

  it("makes an A4 PDF poster with the name, when, where, price and link", async () => {
    const pdf = await renderShareAsset("poster.pdf", facts);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    for (const words of ["Kelham Island Pub Quiz", facts.when, facts.where, facts.price!, facts.url, "Scan to book"])
      expect(text).toContain(words);
  });

  it("wraps long names by words, cutting the last line with an ellipsis", () => {
    expect(wrapWords("Folk Night", 20, 3)).toEqual(["Folk Night"]);
    const lines = wrapWords("one two three four five six", 9, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("one two");
    expect(lines[1]!.endsWith("…")).toBe(true);
    expect(wrapWords("Supercalifragilisticexpialidocious", 10, 2)).toEqual(["Supercali…"]);
  });
});
