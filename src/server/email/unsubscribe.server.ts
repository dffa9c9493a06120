import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * One-click unsubscribe links for the emails a person can turn off (the day-before reminder): the
 * link names the person and carries an HMAC of their id under a secret of ours, so it works without
 * signing in and cannot be made for anyone else. RFC 8058: mail apps POST to the same address.
 */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const base = publicUrl.replace(/\/$/, "");
  const mac = (userId: string) =>
    createHmac("sha256", secret).update(`unsubscribe:reminders:${userId}`).digest("base64url").slice(0, 32);
  const token = (userId: string) => `${Buffer.from(userId).toString("base64url")}.${mac(userId)}`;
  return {
    /** The page a person opens from the email. */
    pageUrl: (userId: string) => `${base}/email/unsubscribe?token=${token(userId)}`,
    /** The address a mail app POSTs to for one-click unsubscribe. */
    oneClickUrl: (userId: string) => `${base}/api/email/unsubscribe?token=${token(userId)}`,
    /** The person a token names, or null when it was not made by us. */
    verify(tokenText: string | null | undefined): string | null {
      const [idPart, sig] = String(tokenText ?? "").split(".");
      if (!idPart || !sig) return null;
      const userId = Buffer.from(idPart, "base64url").toString();
      const expected = Buffer.from(mac(userId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
