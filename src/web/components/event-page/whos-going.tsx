import { Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { WhosGoing as WhosGoingData } from "~/services/whos-going";
import { FormMessage } from "~/web/components/ui/field";
import { mediaPath } from "~/web/lib/images";

/**
 * "Who's going", when the host shows guests (decision 0037): how many are going, the first names and
 * photos of those who chose to be shown, each linking to their profile, and, for a ticket holder,
 * the choice to be shown or not. Nobody appears here without having chosen to.
 */
export function WhosGoing({ data, ended, error }: { data: WhosGoingData; ended: boolean; error: string | null }) {
  const busy = useNavigation().state !== "idle";
  const { going, faces, viewer } = data;
  if (going === 0 && !viewer?.holdsTicket) return null;
  const others = Math.max(0, going - faces.length);

  return (
    <section aria-labelledby="going-heading" className="mt-8">
      <h2 id="going-heading" className="text-xl font-bold">
        {ended ? "Who went" : "Who's going"}
      </h2>
      <div className="card mt-3 p-5">
        <p className="flex items-center gap-2 font-semibold">
          <Users aria-hidden className="size-5 text-brand" />
          {going} {ended ? "went" : "going"}
        </p>
        {faces.length > 0 ? (
          <ul
            aria-label={ended ? "Guests who went" : "Guests going"}
            className="mt-4 grid grid-cols-4 gap-x-2 gap-y-4 mobile:grid-cols-5 tablet:grid-cols-6"
          >
            {faces.map((face) => (
              <li key={face.id} className="min-w-0">
                <Link
                  to={`/user/${face.id}`}
                  className="group flex flex-col items-center gap-1.5 rounded-xl p-1 text-center text-sm"
                >
                  {face.image ? (
                    <img
                      src={mediaPath(face.image)}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden
                      className="grid size-12 place-items-center rounded-full bg-brand-soft text-lg font-bold
                        text-brand"
                    >
                      {face.firstName.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span className="w-full truncate group-hover:underline">{face.firstName}</span>
                </Link>
              </li>
            ))}
            {others > 0 ? (
              <li className="flex flex-col items-center gap-1.5 p-1 text-center text-sm text-fg-muted">
                <span
                  aria-hidden
                  className="grid size-12 place-items-center rounded-full bg-surface-2 text-sm font-semibold"
                >
                  +{others}
                </span>
                <span className="w-full truncate">
                  <span className="sr-only">and {others} </span>
                  {others === 1 ? "other" : "others"}
                </span>
              </li>
            ) : null}
          </ul>
        ) : null}
        <p className="mt-3 text-sm text-fg-muted">
          {faces.length > 0
            ? "Guests choose whether to appear here, by first name."
            : "Guests choose whether to appear here. Nobody has yet."}
        </p>
        {viewer?.holdsTicket ? (
          <Form method="post" preventScrollReset className="mt-4 border-t border-border pt-4">
            <FormMessage className="mb-3">{error}</FormMessage>
            {viewer.shown ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm">You're shown here, with your first name and profile photo.</p>
                <button type="submit" name="intent" value="going-hide" className="btn-secondary" disabled={busy}>
                  Hide me
                </button>
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm">
                  You have a ticket. Show your first name and profile photo here, linked to your profile? You can hide
                  them again at any time.
                </p>
                <button type="submit" name="intent" value="going-show" className="btn-secondary" disabled={busy}>
                  Show me
                </button>
              </div>
            )}
          </Form>
        ) : null}
      </div>
    </section>
  );
}
