import { Copy, Download, Mail, MessageCircle } from "lucide-react";
import { studioEventHeader } from "~/services/studio-event";
import { toast } from "~/web/components/ui/toast";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { ticketQrSvg } from "~/web/lib/ticket-qr.server";
import type { Route } from "./+types/events.$eventId.edit.share";

export const meta: Route.MetaFunction = () => [
  { title: "Share · Edit event · Partner Studio · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/** The event's link to pass on, with a QR code for posters and the places people share links. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const header = await loaded(studioEventHeader(context.database.db, { hostId, eventId: params.eventId }));
  const url = `${context.publicUrl.replace(/\/+$/, "")}/events/${header.slug}`;
  return { header, url, qr: await ticketQrSvg(url, 2) };
}

export default function ShareEvent({ loaderData }: Route.ComponentProps) {
  const { header, url, qr } = loaderData;
  const live = header.status === "published" && !header.isCancelled;
  const text = encodeURIComponent(`${header.name}: ${url}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied.");
    } catch {
      toast.error(`Couldn't copy the link. Here it is: ${url}`);
    }
  };
  return (
    <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_16rem]">
      <section aria-labelledby="link-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="link-heading" className="text-lg font-bold">
          The event's link
        </h2>
        {live ? null : (
          <p className="rounded-xl bg-surface-2 p-3 text-sm">
            {header.isCancelled
              ? "This event is cancelled: the link shows that to anyone who opens it."
              : "Nobody can book until you publish the event. This will be its link:"}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="event-link" className="sr-only">
            Event link
          </label>
          <input
            id="event-link"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm"
          />
          <button type="button" className="btn-primary" onClick={() => void copy()}>
            <Copy aria-hidden className="size-4" /> Copy link
          </button>
        </div>
        {live ? (
          <div className="flex flex-wrap gap-2">
            <a className="btn-secondary" href={`mailto:?subject=${encodeURIComponent(header.name)}&body=${text}`}>
              <Mail aria-hidden className="size-4" /> Email
            </a>
            <a className="btn-secondary" href={`https://wa.me/?text=${text}`} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden className="size-4" /> WhatsApp
            </a>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="qr-heading" className="card flex flex-col items-center gap-3 p-5">
        <h2 id="qr-heading" className="self-start text-lg font-bold">
          QR code
        </h2>
        <div
          role="img"
          aria-label={`QR code for ${url}`}
          className="w-48 rounded-lg bg-white p-2"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <a
          className="btn-secondary"
          download={`${header.slug}-qr.svg`}
          href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
        >
          <Download aria-hidden className="size-4" /> Download for a poster
        </a>
      </section>
    </div>
  );
}
