import { createHmac, timingSafeEqual } from "node:crypto";
import type { CampaignLinks } from "~/services/campaign-links";

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
  const sign = (text: string) => createHmac("sha256", secret).update(text).digest("base64url").slice(0, 32);
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  const unb64 = (text: string) => Buffer.from(text, "base64url").toString();
  /** A host's campaigns, for one address (decision 0040): `h.<host>.<email>.<mac>`. */
  const hostToken = (hostId: string, email: string) =>
    `h.${b64(hostId)}.${b64(email)}.${sign(`unsubscribe:host:${hostId}:${email}`)}`;
  const recipientToken = (recipientId: string, purpose: "open" | "click", extra = "") =>
    `${b64(recipientId)}.${sign(`${purpose}:${recipientId}:${extra}`)}`;
  const campaign: CampaignLinks & {
    /** The host and address a campaign unsubscribe token names, or null. */
    verifyHost(token: string | null | undefined): { hostId: string; email: string } | null;
    /** The recipient an open token names, or null. */
    verifyOpen(token: string | null | undefined): string | null;
    /** The recipient a click token names for this address, or null (never a redirect for anyone else's URL). */
    verifyClick(token: string | null | undefined, url: string): string | null;
  } = {
    unsubscribeOneClick: (hostId, email) => `${base}/api/email/unsubscribe?token=${hostToken(hostId, email)}`,
    unsubscribePage: (hostId, email) => `${base}/email/unsubscribe?token=${hostToken(hostId, email)}`,
    openPixel: (recipientId) => `${base}/api/email/open?t=${recipientToken(recipientId, "open")}`,
    click: (recipientId, url) =>
      `${base}/api/email/click?${new URLSearchParams({ t: recipientToken(recipientId, "click", url), u: url })}`,
    verifyHost(token) {
      const [kind, host, email, sig] = String(token ?? "").split(".");
      if (kind !== "h" || !host || !email || !sig) return null;
      const hostId = unb64(host);
      const address = unb64(email);
      return same(sig, sign(`unsubscribe:host:${hostId}:${address}`)) ? { hostId, email: address } : null;
    },
    verifyOpen(token) {
      const [id, sig] = String(token ?? "").split(".");
      if (!id || !sig) return null;
      const recipientId = unb64(id);
      return same(sig, sign(`open:${recipientId}:`)) ? recipientId : null;
    },
    verifyClick(token, url) {
      const [id, sig] = String(token ?? "").split(".");
      if (!id || !sig) return null;
      const recipientId = unb64(id);
      return same(sig, sign(`click:${recipientId}:${url}`)) ? recipientId : null;
    },
  };
  return {
    /** Signed links in hosts' marketing emails. */
    campaign,
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
