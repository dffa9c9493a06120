/**
 * Signed links in a host's marketing email (the server makes them: src/server/email/unsubscribe.server.ts).
 * Unsubscribing names the host and the address, so a test send's link works like a real one; opens
 * and clicks name the recipient row they count for.
 */
export interface CampaignLinks {
  /** For the List-Unsubscribe header: a mail app POSTs here (RFC 8058), no page, no session. */
  unsubscribeOneClick(hostId: string, email: string): string;
  /** The page a person opens from the email's footer. */
  unsubscribePage(hostId: string, email: string): string;
  /** A one-pixel picture whose first load records the open. */
  openPixel(recipientId: string): string;
  /** Goes to `url` through our site, recording the first click. */
  click(recipientId: string, url: string): string;
}
