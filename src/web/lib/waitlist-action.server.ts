import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { formatEventDateTime } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { setWaitlistOfferHours } from "~/services/host-events";
import { offerPlacesByHand, removeFromWaitlist } from "~/services/host-waitlists";
import { waitlistMessages } from "~/texts/waitlist-messages";
import { actionError } from "./action-error";
import { OWNER_OR_MANAGER, requireStudio } from "./studio.server";

const Target = { target: field.text(40) };
const Offer = z.object({
  intent: z.literal("offer"),
  ...Target,
  /** The places the host was shown would be added (the offer refuses to add more). */
  mayAdd: field.number(z.number().int().min(0).max(10)),
});
const Remove = z.object({ intent: z.literal("remove"), ...Target });
const OfferHours = z.object({ intent: z.literal("offer-hours"), hours: field.number(z.number()) });

/** /h/waitlists's forms: an offer by hand and a removal, each naming its row. */
const ListForm = z.discriminatedUnion("intent", [Offer, Remove]);
/** An event's Waitlist tab has those, and the event's offer window. */
const EventForm = z.discriminatedUnion("intent", [Offer, Remove, OfferHours]);

/**
 * The action of both waitlist pages (the master list, and an event's tab, which names its event so
 * that an entry of another event is "no such" one): owners and managers only, and every service
 * call names the host, so another host's entry answers 404 and changes nothing.
 */
export async function waitlistAction(input: { context: AppLoadContext; request: Request; eventId?: string }) {
  const { context, request, eventId } = input;
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = eventId ? await readForm(request, EventForm) : await readForm(request, ListForm);
  if (!read.ok)
    return actionError(read.error, { extra: { intent: read.values.intent ?? "", target: read.values.target ?? "" } });
  const form = read.data;
  const target = "target" in form ? form.target : "";
  const done = (ok: string) => ({ ok, intent: form.intent, target, at: Date.now() });
  const now = new Date();
  const m = waitlistMessages;
  try {
    switch (form.intent) {
      case "offer": {
        const r = await offerPlacesByHand(db, {
          hostId,
          entryId: form.target,
          eventId,
          mayAdd: form.mayAdd,
          now,
        });
        return done(m.offer.sent(r.name, r.quantity, formatEventDateTime(r.expiresAt)));
      }
      case "remove": {
        const r = await removeFromWaitlist(db, { hostId, entryId: form.target, eventId, now });
        return done(r.removed ? m.remove.done(r.name) : m.remove.notOn(r.name));
      }
      case "offer-hours": {
        await setWaitlistOfferHours(db, { eventId: eventId!, hostId, hours: form.hours });
        return done(m.offerHours.saved(form.hours));
      }
    }
  } catch (error) {
    return actionError(error, { extra: { intent: form.intent, target } });
  }
}
