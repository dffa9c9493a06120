import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  CheckCircle2,
  Download,
  MapPin,
  Navigation,
  Send,
  Ticket,
  Undo2,
} from "lucide-react";
import { ticketQrSvg } from "~/web/lib/ticket-qr.server";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { hasEnded } from "~/domain/event-flags";
import { transferLimitText, transferProblem, transferProblemText } from "~/domain/ticket-transfer";
import { NAME_MAX_LENGTH } from "~/domain/profile-rules";
import { field, readForm } from "~/lib/read-form";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { formatLondonTime, formatLongDate, formatShortDate, formatTimeRange } from "~/lib/format";
import { directionsUrl } from "~/lib/maps";
import { getMyTicket } from "~/services/list-my-tickets";
import { cancelTransfer, sendTicket } from "~/services/transfer-ticket";
import { ErrorCard } from "~/web/components/error-card";
import { JoinOnline, OnlinePlace } from "~/web/components/tickets/online-place";
import { displayName } from "~/web/components/shell/profile-menu";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { useKeepOffline } from "~/web/lib/offline-tickets";
import { requireUser } from "~/web/lib/signed-in.server";
import { useWakeLock } from "~/web/lib/use-wake-lock";
import type { loader as rootLoader } from "~/web/root";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/tickets.$ticketId";

export const handle = { title: "Ticket" };
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title: loaded?.ticket
      ? `${loaded.ticket.event.name}: your ticket · Ticketyboo`
      : `${messages.informational.ticketNotFound} · Ticketyboo`,
  },
  {
    name: "description",
    content: "Your ticket with its QR code to show at the door, and when and where the event is.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const ticket = await getMyTicket(context.database.db, { ticketId: params.ticketId, userId: user.id });
  // Unknown, or someone else's: the same answer either way, so ids can't be probed.
  if (!ticket) throw data({ ticket: null }, { status: 404 });
  const now = new Date();
  const qr = await ticketQrSvg(ticket.code);
  const blocked = ticket.pendingTransfer
    ? null
    : transferProblem({ status: ticket.status, holderUserId: user.id }, ticket.event, {
        holderId: user.id,
        now,
        cancellationPending: ticket.cancellationPending,
      });
  return {
    ticket,
    qr,
    now,
    over: hasEnded(ticket.event, now),
    userId: user.id,
    // Sending is refused until their own address is confirmed (decision 0055): said here, before they try.
    transferBlocked: blocked
      ? transferProblemText[blocked]
      : !ticket.pendingTransfer && !user.emailVerified
        ? transferLimitText.confirmFirst
        : null,
  };
}

/** Send to a friend (their email, and name if given), or take back a transfer not yet claimed. */
const TransferForm = z.object({
  intent: field.text(),
  transferId: field.text(),
  email: field.text(),
  name: field.text(),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const db = context.database.db;
  const read = await readForm(request, TransferForm);
  if (!read.ok)
    return actionError(read.error, { extra: { email: read.values.email ?? "", name: read.values.name ?? "" } });
  const form = read.data;
  const intent = form.intent;
  const now = new Date();
  if (intent === "take-back") {
    const ok = await cancelTransfer(db, { transferId: form.transferId, userId: user.id, now });
    return { tookBack: ok, error: ok ? null : "That ticket had already been claimed, or taken back." };
  }
  const toEmail = form.email;
  const toName = form.name.trim();
  const fromName = displayName(user);
  try {
    // The friend's email is recorded with the transfer and sent once it is committed.
    const sent = await sendTicket(db, {
      ticketId: params.ticketId,
      from: { id: user.id, email: user.email, name: fromName },
      toEmail,
      toName,
      now,
    });
    return { sentTo: sent.toEmail };
  } catch (error) {
    return actionError(error, { extra: { email: toEmail, name: toName } });
  }
}

export default function TicketPage({ loaderData, actionData }: Route.ComponentProps) {
  useKeepOffline(loaderData.userId);
  const { ticket: t, qr } = loaderData;
  // An online event has no door: its link comes first, and the screen need not stay on.
  const online = t.venue === null && t.event.isOnline;
  const screenOn = useWakeLock(!loaderData.over && !online);
  const busy = useNavigation().state !== "idle";
  const seat = t.seat;
  const used = t.status === "checked_in";

  return (
    <div className="container-page max-w-3xl py-6 laptop:py-10">
      <Link to="/u/tickets" className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> My tickets
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight tablet:text-3xl">{t.event.name}</h1>

      {t.event.isCancelled ? (
        <p className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          This event has been cancelled. The host will be in touch about your order.
        </p>
      ) : null}
      {used && t.checkedInAt ? (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-surface-2 px-4 py-3 text-sm">
          <CheckCircle2 aria-hidden className="size-4 text-success" /> Used at the door on{" "}
          {formatShortDate(t.checkedInAt)} at {formatLondonTime(t.checkedInAt)}.
        </p>
      ) : null}

      {online && !t.event.isCancelled && !loaderData.over ? <JoinOnline joinUrl={t.event.joinUrl} /> : null}

      <div className="mt-5 grid gap-6 tablet:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <section aria-labelledby="qr-heading" className="card flex flex-col items-center self-start p-5 text-center">
          <h2 id="qr-heading" className="sr-only">
            Your QR code
          </h2>
          {/* Black on white whatever the theme: scanners and bright screens read it best. */}
          <div
            role="img"
            aria-label={`QR code for your ${t.typeName} ticket`}
            className={
              `w-full max-w-72 rounded-2xl bg-white p-3 [&>svg]:h-auto [&>svg]:w-full ` + `${used ? "opacity-60" : ""}`
            }
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <p className="mt-3 text-lg font-bold">
            {t.typeName}
            {seat ? ` · Seat ${seat}` : ""}
          </p>
          <p className="text-sm text-fg-muted">
            {/* The count is of the buyer's order: a friend holding one of its tickets has that one alone. */}
            {t.holderName ?? "Ticket holder"} · {t.isBuyer ? `Ticket ${t.index} of ${t.of}` : messages.held.fromAFriend}
          </p>
          <p className="mt-2 font-mono text-xs break-all select-all">{t.code}</p>
          {loaderData.over ? (
            <p className="mt-3 text-xs text-fg-muted">This event is over. The ticket stays here as a keepsake.</p>
          ) : online ? (
            <p className="mt-3 text-xs text-fg-muted">You join by the link: this code is your ticket&apos;s proof.</p>
          ) : (
            <p className="mt-3 text-xs text-fg-muted">
              {screenOn
                ? "Your screen stays on while this ticket is open."
                : "Turn your screen brightness up at the door."}
            </p>
          )}
        </section>

        <div className="space-y-5">
          <section aria-labelledby="when-heading" className="card space-y-3 p-5">
            <h2 id="when-heading" className="sr-only">
              When and where
            </h2>
            <p className="flex gap-3 text-sm">
              <CalendarDays aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                <strong>{formatLongDate(t.event.startsAt)}</strong>
                <br />
                {formatTimeRange(t.event.startsAt, t.event.endsAt)} (UK time)
              </span>
            </p>
            <p className="flex gap-3 text-sm">
              <MapPin aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                {t.venue ? (
                  <>
                    <strong>{t.venue.name}</strong>
                    <br />
                    {t.venue.address}
                  </>
                ) : (
                  <OnlinePlace joinUrl={t.event.joinUrl} standing={!t.event.isCancelled && !loaderData.over} />
                )}
              </span>
            </p>
            <p className="flex gap-3 text-sm">
              <Ticket aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                Order{" "}
                {t.isBuyer ? (
                  <Link to={`/orders/${t.order.reference}`} className="link font-semibold">
                    {t.order.reference}
                  </Link>
                ) : (
                  <strong>{t.order.reference}</strong>
                )}{" "}
                · Hosted by {t.event.host}
                {t.isBuyer ? (
                  <>
                    {" "}
                    ·{" "}
                    <a href={`/orders/${t.order.reference}/receipt`} download className="link">
                      Receipt (PDF)
                    </a>
                  </>
                ) : null}
              </span>
            </p>
            <div className="flex flex-wrap gap-2 pt-1">
              {t.venue ? (
                <a
                  href={directionsUrl(t.venue.lat, t.venue.lng)}
                  target="_blank"
                  rel="noopener"
                  className="btn-secondary min-h-10 text-sm"
                >
                  <Navigation aria-hidden className="size-4" /> Directions
                </a>
              ) : null}
              {loaderData.over ? null : (
                <a href={`/events/${t.event.slug}/calendar.ics`} className="btn-secondary min-h-10 text-sm" download>
                  <CalendarPlus aria-hidden className="size-4" /> Add to calendar
                </a>
              )}
              <a href={`/u/tickets/${t.id}/pdf`} className="btn-secondary min-h-10 text-sm" download>
                <Download aria-hidden className="size-4" /> Download PDF
              </a>
            </div>
          </section>

          <section aria-labelledby="send-heading" className="card p-5">
            <h2 id="send-heading" className="flex items-center gap-2 text-lg font-bold">
              <Send aria-hidden className="size-5 text-brand" /> Send to a friend
            </h2>
            {actionData && "sentTo" in actionData ? (
              <p role="status" className="mt-3 rounded-xl bg-success/10 px-3 py-2 text-sm font-medium text-success">
                Sent to {actionData.sentTo}. They'll get an email with a link to claim it; until they do, this ticket is
                still yours.
              </p>
            ) : null}
            {actionData && "tookBack" in actionData && actionData.tookBack ? (
              <p role="status" className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm font-medium">
                Taken back: the link in their email no longer works.
              </p>
            ) : null}
            {t.pendingTransfer ? (
              <Form method="post" className="mt-3 space-y-3">
                <p className="text-sm">
                  On its way to{" "}
                  <strong className="break-all">
                    {t.pendingTransfer.toName
                      ? `${t.pendingTransfer.toName} (${t.pendingTransfer.toEmail})`
                      : t.pendingTransfer.toEmail}
                  </strong>
                  , sent {formatShortDate(t.pendingTransfer.createdAt)} at{" "}
                  {formatLondonTime(t.pendingTransfer.createdAt)}. Once they claim it, it moves to their account with a
                  new QR code and this one stops working.
                </p>
                <input type="hidden" name="transferId" value={t.pendingTransfer.id} />
                <button type="submit" name="intent" value="take-back" className="btn-secondary" disabled={busy}>
                  <Undo2 aria-hidden className="size-4" /> Take it back
                </button>
              </Form>
            ) : loaderData.transferBlocked ? (
              <p className="mt-3 text-sm text-fg-muted">{loaderData.transferBlocked}</p>
            ) : (
              <Form method="post" className="mt-3 space-y-3" noValidate>
                <p className="text-sm text-fg-muted">
                  They claim it into their own account, and get a QR code of their own. Yours stops working when they
                  do.
                </p>
                <FormMessage>{refusalOf(actionData).formError}</FormMessage>
                <TextField
                  name="email"
                  type="email"
                  label="Friend's email"
                  autoComplete="off"
                  required
                  defaultValue={actionData && "email" in actionData ? actionData.email : ""}
                  error={refusalOf(actionData).fieldErrors.email}
                />
                <TextField
                  name="name"
                  label="Their name (optional)"
                  autoComplete="off"
                  maxLength={NAME_MAX_LENGTH}
                  defaultValue={actionData && "name" in actionData ? actionData.name : ""}
                  error={refusalOf(actionData).fieldErrors.name}
                />
                <button type="submit" name="intent" value="send" className="btn-primary" disabled={busy}>
                  <Send aria-hidden className="size-4" /> {busy ? "Sending…" : "Send ticket"}
                </button>
              </Form>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/**
 * 'Ticket Not Found' (spec §8), with what may have happened and where to look instead; other errors get the usual card.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <ErrorCard
        code={isRouteErrorResponse(error) ? error.status : null}
        seed={error instanceof Error ? error.message : "unknown"}
        reference={root?.requestId}
      />
    );
  }
  return (
    <div className="container-page max-w-xl py-12 text-center">
      <Ticket aria-hidden className="mx-auto size-10 text-fg-muted" />
      <h1 className="mt-4 text-2xl font-extrabold">{messages.informational.ticketNotFound}</h1>
      <p className="mt-2 text-fg-muted">
        We couldn't find this ticket in your account. It may have been passed to someone else or cancelled, or the link
        may be wrong. All your tickets are in My Tickets.
      </p>
      <Link to="/u/tickets" className="btn-primary mt-6">
        My tickets
      </Link>
    </div>
  );
}
