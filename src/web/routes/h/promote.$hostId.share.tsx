import { ArrowLeft, Link2 } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { TRACKING_LINK_NAME_MAX, UTM_MEDIUMS } from "~/domain/promote";
import { field, readForm } from "~/lib/read-form";
import { promotableEvents } from "~/services/share-kit";
import {
  createTrackingLink,
  deleteTrackingLink,
  listTrackingLinks,
  renameTrackingLink,
  setTrackingLinkArchived,
} from "~/services/tracking-links";
import { ShareKit } from "~/web/components/studio/share-kit";
import { TrackingLinks } from "~/web/components/studio/tracking-links";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { loadShareKit } from "~/web/lib/share-kit.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/promote.$hostId.share";

export const handle = { title: "Promote" };
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.kit ? `${loaded.kit.event.name} · ` : ""}Share kit · Promote · Partner Studio · Ticketyboo` },
  { name: "description", content: "Posters, pictures and links to share your events." },
  { name: "robots", content: "noindex" },
];

/** The address names the host: it must be the one the signed-in person acts for now, else nothing is here. */
async function studioFor(context: Route.LoaderArgs["context"], request: Request, hostIdParam: string) {
  const studio = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  if (studio.hostId !== hostIdParam) throw data(null, { status: 404 });
  return studio;
}

/** One event's share kit and tracking links (`?event=`; the soonest event when none is named). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await studioFor(context, request, params.hostId);
  const db = context.database.db;
  const { upcoming, past } = await promotableEvents(db, { hostId, now: new Date() });
  const events = [...upcoming, ...past].map((e) => ({ id: e.id, name: e.name, startsAt: e.startsAt }));
  const chosen = new URL(request.url).searchParams.get("event") ?? events[0]?.id ?? null;
  if (!chosen) return { hostId, events, kit: null, links: null };
  const kit = await loadShareKit(context, { hostId, eventId: chosen });
  const links = await loaded(listTrackingLinks(db, { hostId, eventId: kit.event.id }));
  const base = context.publicUrl.replace(/\/+$/, "");
  return {
    hostId,
    events,
    kit,
    links: { ...links, links: links.links.map((l) => ({ ...l, shortUrl: `${base}/t/${l.code}` })) },
  };
}

const nameField = field
  .text(200)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: "Give the link a name, such as 'Instagram bio'." })
      .max(TRACKING_LINK_NAME_MAX, { error: `Keep the name to ${TRACKING_LINK_NAME_MAX} characters.` }),
  );
const target = field.text(40);

const LinksForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    eventId: field.text(40),
    name: nameField,
    medium: z.enum(UTM_MEDIUMS.map((m) => m.value) as [string, ...string[]], { error: "Choose where it goes." }),
    source: field.text(60),
    campaign: field.text(60),
  }),
  z.object({ intent: z.literal("rename"), target, name: nameField }),
  z.object({ intent: z.literal("archive"), target }),
  z.object({ intent: z.literal("restore"), target }),
  z.object({ intent: z.literal("delete"), target }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId, user } = await studioFor(context, request, params.hostId);
  const db = context.database.db;
  const read = await readForm(request, LinksForm);
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "", target: read.values.target ?? "", values: read.values },
    });
  const form = read.data;
  const now = new Date();
  const extra = {
    intent: form.intent,
    target: "target" in form ? form.target : "",
    values: {} as Record<string, string>,
  };
  try {
    switch (form.intent) {
      case "create":
        await createTrackingLink(db, {
          hostId,
          eventId: form.eventId,
          createdBy: user.id,
          name: form.name,
          medium: form.medium,
          source: form.source,
          campaign: form.campaign,
          now,
        });
        return { ok: `Tracking link '${form.name}' made.`, at: now.getTime() };
      case "rename":
        await renameTrackingLink(db, { hostId, linkId: form.target, name: form.name });
        return { ok: `Renamed to '${form.name}'.`, at: now.getTime() };
      case "archive":
      case "restore":
        await setTrackingLinkArchived(db, { hostId, linkId: form.target, archived: form.intent === "archive", now });
        return { ok: form.intent === "archive" ? "Link archived." : "Link restored.", at: now.getTime() };
      case "delete":
        await deleteTrackingLink(db, { hostId, linkId: form.target });
        return { ok: "Link deleted.", at: now.getTime() };
    }
  } catch (error) {
    const values = form.intent === "create" ? { name: form.name, source: form.source, campaign: form.campaign } : {};
    return actionError(error, { extra: { ...extra, values: values as Record<string, string> } });
  }
}

export default function ShareKitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { events, kit, links } = loaderData;
  const busy = useNavigation().state !== "idle";
  const ok = actionData && "ok" in actionData ? actionData : null;
  const refused = actionData && "error" in actionData ? actionData : null;
  const { formError, fieldErrors } = refusalOf(refused);
  const creating = refused?.intent === "create" ? refused : null;

  useEffect(() => {
    if (ok) toast.success(ok.ok);
  }, [ok]);

  return (
    <div className="py-8 pb-24 laptop:py-10">
      <Link to="/h/promote" className="inline-flex items-center gap-1 text-sm font-semibold text-brand">
        <ArrowLeft aria-hidden className="size-4" /> Promote
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{kit ? kit.event.name : "Share kit"}</h1>
      {events.length > 1 && kit ? (
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0">
            <label htmlFor="choose-event" className="block text-sm font-semibold">
              Event
            </label>
            <select
              id="choose-event"
              name="event"
              defaultValue={kit.event.id}
              className="mt-1 h-11 w-full max-w-md rounded-xl border border-border bg-surface px-3"
            >
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </Form>
      ) : null}

      {!kit || !links ? (
        <div className="card mt-8 p-6 text-center text-sm text-fg-muted">
          <p>You have no events to share yet.</p>
          <Link to="/h/events/new" className="btn-secondary mt-4">
            New event
          </Link>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-8">
          <section aria-labelledby="links-heading" className="flex flex-col gap-4">
            <h2 id="links-heading" className="flex items-center gap-2 text-xl font-bold">
              <Link2 aria-hidden className="size-5 text-brand" /> Tracking links
            </h2>
            <p className="max-w-2xl text-sm text-fg-muted">
              Give each promoter or channel its own short link. We count the people who open it (once a day each, not
              bots) and the bookings made after arriving through it. A buyer who has allowed statistics cookies is
              remembered for 30 days; otherwise a booking counts when it is made from the page the link opened.
            </p>
            <Form method="post" className="card grid grid-cols-1 gap-3 p-5 tablet:grid-cols-2" noValidate>
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="eventId" value={kit.event.id} />
              {creating && formError && !fieldErrors.name ? (
                <FormMessage className="tablet:col-span-2">{formError}</FormMessage>
              ) : null}
              <TextField
                label="Name"
                name="name"
                required
                maxLength={TRACKING_LINK_NAME_MAX}
                hint="Who or where it's for, such as 'Instagram bio' or 'Sam the promoter'"
                defaultValue={creating?.values?.name ?? ""}
                error={creating ? fieldErrors.name : undefined}
              />
              <div>
                <label htmlFor="link-medium" className="block text-sm font-medium">
                  Where it goes
                </label>
                <select
                  id="link-medium"
                  name="medium"
                  defaultValue={creating?.values?.medium ?? "social"}
                  className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3"
                >
                  {UTM_MEDIUMS.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                label="Source (utm_source)"
                aside="(optional)"
                name="source"
                maxLength={60}
                hint="From the name when empty, e.g. instagram-bio"
                defaultValue={creating?.values?.source ?? ""}
                error={creating ? fieldErrors.source : undefined}
              />
              <TextField
                label="Campaign (utm_campaign)"
                aside="(optional)"
                name="campaign"
                maxLength={60}
                hint={`The event's address name when empty: ${kit.event.slug}`}
                defaultValue={creating?.values?.campaign ?? ""}
                error={creating ? fieldErrors.campaign : undefined}
              />
              <div className="tablet:col-span-2">
                <button type="submit" className="btn-primary" disabled={busy}>
                  Make tracking link
                </button>
              </div>
            </Form>
            <TrackingLinks
              links={links.links}
              currency={links.currency}
              limit={links.limit}
              busy={busy}
              refused={
                refused && refused.intent !== "create" ? { target: refused.target, ...refusalOf(refused) } : null
              }
            />
          </section>
          <ShareKit kit={kit} />
        </div>
      )}
    </div>
  );
}
