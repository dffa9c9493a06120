import { createHmac, randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { eventKey, signTicketCode, type Hmac } from "~/domain/ticket-codes";
import { readQr } from "../../../tests/setup/read-qr";
import { ticketQrSvg } from "./ticket-qr.server";

const hmac: Hmac = (key, message) => new Uint8Array(createHmac("sha256", key).update(message).digest());

describe("a ticket's QR code at the door", () => {
  // The reader the door used before read about one ticket's QR in fifteen as nothing, however
  // clearly shown (decision 0061): every code must read, not most.
  it("reads back as its ticket's code for every ticket of a night, at a phone's screen size", async () => {
    const key = await eventKey(new TextEncoder().encode("a test secret of at least thirty-two bytes"), "e", hmac);
    const codes = await Promise.all(Array.from({ length: 150 }, () => signTicketCode(key, randomUUID(), hmac)));
    const unread: string[] = [];
    for (const [i, code] of codes.entries()) {
      const svg = await ticketQrSvg(code);
      // Shown a little larger or smaller on each phone, as tickets are.
      const png = await sharp(Buffer.from(svg))
        .resize(220 + (i % 7) * 30)
        .png()
        .toBuffer();
      if ((await readQr(png)) !== code) unread.push(code);
    }
    expect(unread).toEqual([]);
  });
});
