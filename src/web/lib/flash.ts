/**
 * A one-time message carried across a redirect ("Hosting tools live in Partner Studio"): set with
 * the redirect by `flash.server.ts`, read and cleared by the root loader on the next page, shown
 * as a toast by `FlashToast`.
 */
export interface Flash {
  tone: "success" | "info" | "error";
  text: string;
  link?: { href: string; label: string };
}
