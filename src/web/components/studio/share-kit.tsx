import { Code2, Copy, Download, FileImage, FileText, Mail, MessageCircle, QrCode } from "lucide-react";
import { toast } from "~/web/components/ui/toast";

/** What the share kit shows for one event (the loader's answer: see web/lib/share-kit.server.ts). */
export interface ShareKitData {
  event: {
    id: string;
    name: string;
    slug: string;
    when: string;
    where: string;
    price: string | null;
    status: string;
    isCancelled: boolean;
  };
  url: string;
  qr: string;
  /** Where each download is, by its file name (poster.pdf, poster.png, square.png, story.png). */
  downloads: { asset: string; href: string; label: string; type: string }[];
  texts: { id: string; label: string; text: string }[];
  embed: { iframe: string; programme: string; button: string };
}

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(`Couldn't copy: select the ${what.toLowerCase()} and copy it by hand.`);
  }
}

function CopyButton({ text, what, label }: { text: string; what: string; label?: string }) {
  return (
    <button type="button" className="btn-secondary" onClick={() => void copyText(text, what)}>
      <Copy aria-hidden className="size-4" /> {label ?? "Copy"}
    </button>
  );
}

/** The event's share kit: its link and QR code, posters and pictures to download, ready texts and embed code. */
export function ShareKit({ kit }: { kit: ShareKitData }) {
  const { event, url } = kit;
  const live = event.status === "published" && !event.isCancelled;
  const text = encodeURIComponent(`${event.name}: ${url}`);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_16rem]">
        <section aria-labelledby="link-heading" className="card flex min-w-0 flex-col gap-4 p-5 tablet:p-6">
          <h2 id="link-heading" className="text-lg font-bold">
            The event's link
          </h2>
          {live ? null : (
            <p className="rounded-xl bg-surface-2 p-3 text-sm">
              {event.isCancelled
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
            <button type="button" className="btn-primary" onClick={() => void copyText(url, "Link")}>
              <Copy aria-hidden className="size-4" /> Copy link
            </button>
          </div>
          {live ? (
            <div className="flex flex-wrap gap-2">
              <a className="btn-secondary" href={`mailto:?subject=${encodeURIComponent(event.name)}&body=${text}`}>
                <Mail aria-hidden className="size-4" /> Email
              </a>
              <a
                className="btn-secondary"
                href={`https://wa.me/?text=${text}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle aria-hidden className="size-4" /> WhatsApp
              </a>
            </div>
          ) : null}
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm tablet:grid-cols-[auto_1fr]">
            <dt className="font-semibold">When</dt>
            <dd className="text-fg-muted">{event.when}</dd>
            <dt className="font-semibold">Where</dt>
            <dd className="text-fg-muted">{event.where}</dd>
            <dt className="font-semibold">Price</dt>
            <dd className="text-fg-muted">{event.price ?? "No tickets on sale"}</dd>
          </dl>
        </section>
        <section aria-labelledby="qr-heading" className="card flex flex-col items-center gap-3 p-5">
          <h2 id="qr-heading" className="flex items-center gap-2 self-start text-lg font-bold">
            <QrCode aria-hidden className="size-5 text-brand" /> QR code
          </h2>
          <div
            role="img"
            aria-label={`QR code for ${url}`}
            className="w-48 rounded-lg bg-white p-2"
            dangerouslySetInnerHTML={{ __html: kit.qr }}
          />
          <a
            className="btn-secondary"
            download={`${event.slug}-qr.svg`}
            href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(kit.qr)}`}
          >
            <Download aria-hidden className="size-4" /> QR code (SVG)
          </a>
        </section>
      </div>

      <section aria-labelledby="downloads-heading" className="card flex flex-col gap-3 p-5 tablet:p-6">
        <h2 id="downloads-heading" className="text-lg font-bold">
          Posters and pictures
        </h2>
        <p className="text-sm text-fg-muted">
          Each carries the event's name, date and time, venue, price and a QR code to book. Print the poster; post the
          square picture to a feed and the story to Instagram or Facebook stories.
        </p>
        <ul className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
          {kit.downloads.map((d) => (
            <li key={d.asset}>
              <a className="btn-secondary w-full justify-start" href={d.href} download>
                {d.type === "application/pdf" ? (
                  <FileText aria-hidden className="size-4" />
                ) : (
                  <FileImage aria-hidden className="size-4" />
                )}
                {d.label}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="texts-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="texts-heading" className="text-lg font-bold">
          Ready to paste
        </h2>
        {kit.texts.map((t) => (
          <div key={t.id} className="flex flex-col gap-2">
            <label htmlFor={`text-${t.id}`} className="text-sm font-semibold">
              {t.label}
            </label>
            <textarea
              id={`text-${t.id}`}
              readOnly
              rows={t.text.split("\n").length + 1}
              value={t.text}
              className="w-full rounded-xl border border-border bg-surface p-3 text-sm"
            />
            <div>
              <CopyButton text={t.text} what="Text" label="Copy text" />
            </div>
          </div>
        ))}
      </section>

      <section aria-labelledby="embed-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="embed-heading" className="flex items-center gap-2 text-lg font-bold">
          <Code2 aria-hidden className="size-5 text-brand" /> Put booking on your website
        </h2>
        <p className="text-sm text-fg-muted">
          Paste the booking widget into your own site's HTML: people choose tickets in it and pay in a new tab on
          Ticketyboo. Or a 'Get tickets' button that opens this event's page.
        </p>
        {(
          [
            ["iframe", "Booking widget for this event (iframe)", kit.embed.iframe],
            ["programme", "Booking widget for all your upcoming events (iframe)", kit.embed.programme],
            ["button", "'Get tickets' button", kit.embed.button],
          ] as const
        ).map(([id, label, code]) => (
          <div key={id} className="flex flex-col gap-2">
            <label htmlFor={`embed-${id}`} className="text-sm font-semibold">
              {label}
            </label>
            <textarea
              id={`embed-${id}`}
              readOnly
              rows={3}
              value={code}
              className="w-full rounded-xl border border-border bg-surface p-3 font-mono text-xs"
            />
            <div>
              <CopyButton text={code} what="Code" label="Copy code" />
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
