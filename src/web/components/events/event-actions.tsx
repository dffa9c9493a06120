import { CalendarPlus, Share2 } from "lucide-react";
import { toast } from "~/web/components/ui/toast";

/**
 * Under the event's name: add it to a calendar (an .ics file any calendar app opens) and share it
 * (the device's own share sheet where there is one, otherwise the link is copied).
 */
export function EventActions({ slug, name, url }: { slug: string; name: string; url: string }) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing more to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied. Paste it anywhere to share this event.");
    } catch {
      toast.error(`Couldn't copy the link. Here it is: ${url}`);
    }
  }

  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <a href={`/events/${slug}/calendar.ics`} download={`${slug}.ics`} className="btn-secondary">
        <CalendarPlus aria-hidden className="size-4" /> Add to calendar
      </a>
      <button type="button" onClick={() => void share()} className="btn-secondary">
        <Share2 aria-hidden className="size-4" /> Share
      </button>
    </div>
  );
}
