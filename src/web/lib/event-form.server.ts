import { z } from "zod";
import type { EventDetailsInput } from "~/domain/event-details";
import { EVENT_DESCRIPTION_MAX } from "~/domain/event-details";
import { field } from "~/lib/read-form";

/** The event overview form as posted (new and edit share it); the domain checks what it means. */
export const EventDetailsFormSchema = z.object({
  intent: z.literal("save"),
  name: field.text(500),
  slug: field.text(200),
  category: field.text(100),
  eventType: field.text(100),
  subcategories: field.list(z.string().max(100), 30),
  tags: field.text(1000),
  description: field.text(EVENT_DESCRIPTION_MAX * 2),
  date: field.text(20),
  time: field.text(20),
  endDate: field.text(20),
  endTime: field.text(20),
  where: z.enum(["venue", "online"]).default("venue"),
  onlineUrl: field.text(1000),
  venueId: field.text(100),
  isPrivate: field.checkbox(),
  rsvp: field.checkbox(),
  currency: z.enum(["GBP", "EUR"], { message: "Choose pounds or euros." }).default("GBP"),
  feeMode: z.enum(["pass", "absorb"], { message: "Choose who pays the booking fee." }).default("pass"),
  scope: z.enum(["one", "following"]).default("one"),
});

export type EventDetailsForm = z.output<typeof EventDetailsFormSchema>;

export function detailsInput(form: EventDetailsForm): EventDetailsInput {
  return {
    name: form.name,
    slug: form.slug,
    category: form.category,
    eventType: form.eventType,
    subcategories: form.subcategories,
    tags: form.tags,
    date: form.date,
    time: form.time,
    endDate: form.endDate,
    endTime: form.endTime,
    isOnline: form.where === "online",
    onlineUrl: form.onlineUrl,
    venueId: form.venueId,
    isPrivate: form.isPrivate,
    rsvp: form.rsvp,
    currency: form.currency,
    feeMode: form.feeMode,
  };
}
