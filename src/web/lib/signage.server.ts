import type { AppLoadContext } from "react-router";
import { getSignage, type WidgetEventSummary, type WidgetHost } from "~/services/host-widget";
import { eventUrl } from "./share-kit.server";
import { ticketQrSvg } from "./ticket-qr.server";

/** An event on the venue's screen: its facts, its page's address and a QR code of that address. */
export type SignageEvent = Omit<WidgetEventSummary, "startsAt"> & {
  /** ISO 8601: the page and its refreshes (JSON) carry it the same way. */
  startsAt: string;
  url: string;
  /** The QR code, as SVG markup we drew (no script), black on white. */
  qr: string;
};

export interface SignageData {
  host: WidgetHost;
  events: SignageEvent[];
  /** When this was read (ISO 8601): the screen says how fresh it is. */
  at: string;
}

/**
 * QR codes already drawn, by address: the screens of every venue ask every few minutes for the same
 * few events. Bounded; the oldest goes first.
 */
const drawn = new Map<string, string>();
const DRAWN_MAX = 500;

async function qrFor(url: string): Promise<string> {
  const known = drawn.get(url);
  if (known) return known;
  const svg = await ticketQrSvg(url, 1);
  drawn.set(url, svg);
  if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  return svg;
}

/** What the signage page shows, for the page and for its refreshes; null for no such host. */
export async function loadSignage(context: AppLoadContext, hostId: string): Promise<SignageData | null> {
  const now = new Date();
  const signage = await getSignage(context.database.db, { hostId, now });
  if (!signage) return null;
  const events = await Promise.all(
    signage.events.map(async (e): Promise<SignageEvent> => {
      const url = eventUrl(context.publicUrl, e.slug);
      return { ...e, startsAt: e.startsAt.toISOString(), url, qr: await qrFor(url) };
    }),
  );
  return { host: signage.host, events, at: now.toISOString() };
}
