import { BellOff, CheckCheck, ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatEventDateTime } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { listNotifications } from "~/services/list-notifications";
import { markAllNotificationsRead, markNotificationRead } from "~/services/mark-notifications-read";
import { SettingsLayout } from "~/web/components/settings-layout";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/feed";

export const handle = { title: "Notifications" };
export const meta: Route.MetaFunction = () => [
  { title: "Notifications · Ticketyboo" },
  {
    name: "description",
    content: "Your notifications on Ticketyboo: news about your tickets, your orders and the hosts you follow.",
  },
];

/** A page cursor from the query string: a positive whole number, or nothing. */
function cursor(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const before = cursor(params.get("before"));
  const after = before === null ? cursor(params.get("after")) : null;
  const page = await listNotifications(context.database.db, { userId: user.id, before, after });
  return {
    ...page,
    notifications: page.notifications.map((n) => ({
      ...n,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    paged: before !== null || after !== null,
  };
}

const FeedForm = z.object({ intent: field.text(), upTo: field.text(), id: field.text() });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const read = await readForm(request, FeedForm);
  if (!read.ok) return actionError(read.error, { extra: { message: null } });
  const form = read.data;
  const now = new Date();
  if (form.intent === "read-all") {
    const count = await markAllNotificationsRead(context.database.db, {
      userId: user.id,
      upToId: cursor(form.upTo),
      now,
    });
    return {
      message: count === 0 ? "Nothing new to mark." : `Marked ${count} notification${count === 1 ? "" : "s"} as read.`,
    };
  }
  const id = cursor(form.id);
  if (form.intent === "read" && id !== null)
    await markNotificationRead(context.database.db, { userId: user.id, id, now });
  return { message: null };
}

export default function Feed({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, unreadCount, olderCursor, newerCursor, latestId, paged } = loaderData;
  const navigation = useNavigation();
  const busyAll = navigation.state === "submitting" && navigation.formData?.get("intent") === "read-all";

  return (
    <SettingsLayout title="Notifications" description="Updates about your bookings and your account, newest first.">
      {notifications.length === 0 ? (
        <div className="card max-w-2xl p-8 text-center">
          <BellOff aria-hidden className="mx-auto size-8 text-fg-muted" />
          {paged ? (
            <>
              <h2 className="mt-3 font-semibold">No more notifications</h2>
              <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
                You've reached the end of your notifications.
              </p>
              <Link to="/u/feed" className="btn-secondary mt-5">
                Back to the latest
              </Link>
            </>
          ) : (
            <>
              <h2 className="mt-3 font-semibold">No notifications yet</h2>
              <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
                When something changes with your bookings, a waitlist place opens up or we have news for you, it'll be
                here.
              </p>
              <Link to="/" className="btn-primary mt-5">
                Find something to do
              </Link>
            </>
          )}
        </div>
      ) : (
        <div className="max-w-2xl">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-fg-muted">
              {unreadCount === 0 ? "You're all caught up." : `${unreadCount} unread`}
            </p>
            {unreadCount > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="read-all" />
                {latestId !== null ? <input type="hidden" name="upTo" value={latestId} /> : null}
                <button type="submit" className="btn-secondary" disabled={busyAll}>
                  <CheckCheck aria-hidden className="size-4" /> Mark all as read
                </button>
              </Form>
            ) : null}
          </div>
          {actionData?.message ? (
            <div className="mb-3">
              <FormMessage tone="success">{actionData.message}</FormMessage>
            </div>
          ) : null}
          <ol className="card divide-y divide-border overflow-hidden" aria-label="Your notifications">
            {notifications.map((n) => {
              const unread = n.readAt === null;
              return (
                <li
                  key={n.id}
                  className={
                    `relative flex gap-3 p-4 ${unread ? "bg-brand-soft/60" : ""} ` +
                    `${n.link ? "hover:bg-surface-2" : ""}`
                  }
                >
                  <span
                    aria-hidden
                    className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? "bg-brand" : "bg-transparent"}`}
                  />
                  <div className="min-w-0 flex-1">
                    <p className={`break-words ${unread ? "font-semibold" : "font-medium"}`}>
                      {unread ? <span className="sr-only">Unread: </span> : null}
                      {n.link ? (
                        // The whole row opens the notice; the "Mark as read" button sits above it.
                        <Link to={n.link} className="after:absolute after:inset-0 hover:underline">
                          {n.title}
                        </Link>
                      ) : (
                        n.title
                      )}
                    </p>
                    {n.body ? (
                      <p className="mt-0.5 text-sm break-words whitespace-pre-line text-fg-muted">{n.body}</p>
                    ) : null}
                    <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <time dateTime={n.createdAt} className="text-xs text-fg-muted">
                        {formatEventDateTime(new Date(n.createdAt))}
                      </time>
                      {unread ? (
                        <Form method="post" className="relative z-10 -my-1">
                          <input type="hidden" name="intent" value="read" />
                          <input type="hidden" name="id" value={n.id} />
                          <button type="submit" className="btn-ghost min-h-8 px-3 text-xs">
                            Mark as read<span className="sr-only">: {n.title}</span>
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </div>
                  {/* Always there, so "Mark as read" lines up whether or not the notice links anywhere. */}
                  <ChevronRight
                    aria-hidden
                    className={`mt-1 size-4 shrink-0 text-fg-muted ${n.link ? "" : "invisible"}`}
                  />
                </li>
              );
            })}
          </ol>
          {newerCursor !== null || olderCursor !== null ? (
            <nav aria-label="Notification pages" className="mt-4 flex items-center justify-between gap-3">
              {newerCursor !== null ? (
                <Link to={`/u/feed?after=${newerCursor}`} className="btn-secondary">
                  <ChevronLeft aria-hidden className="size-4" /> Newer
                </Link>
              ) : (
                <span />
              )}
              {olderCursor !== null ? (
                <Link to={`/u/feed?before=${olderCursor}`} className="btn-secondary">
                  Older <ChevronRight aria-hidden className="size-4" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      )}
    </SettingsLayout>
  );
}
