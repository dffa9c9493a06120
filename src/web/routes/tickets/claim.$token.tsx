import { CalendarDays, Gift, MapPin, Ticket } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatWhenInFull } from "~/lib/format";
import { personName } from "~/lib/person-name";
import { ticketSeat } from "~/lib/seats";
import { claimantProblem, claimantProblemText } from "~/domain/ticket-transfer";
import { claimTicket, findTransfer } from "~/services/transfer-ticket";
import { actionError } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { FormMessage } from "~/web/components/ui/field";
import type { Route } from "./+types/claim.$token";

export const handle = { title: "Claim a ticket" };
export const meta: Route.MetaFunction = () => [
  { title: "Claim your ticket · Ticketyboo" },
  { name: "description", content: "Claim a ticket someone has sent you on Ticketyboo." },
  { name: "robots", content: "noindex" },
];

/**
 * Where the link in a "ticket shared" email lands. Anyone with the link sees what the ticket is
 * for; claiming it needs an account (log in or sign up, and come straight back here).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findTransfer(context.database.db, params.token);
  if (!found) throw data(null, { status: 404 });
  const t = found.transfer;
  return {
    status: t.status,
    claimedByYou: t.status === "claimed" && t.claimedByUserId === context.user?.id,
    ticketId: found.ticketId,
    fromName: t.fromName || "A friend",
    toEmail: t.toEmail,
    typeName: found.typeName,
    seat: ticketSeat(found, found.seatRowNames),
    event: {
      name: found.event.name,
      slug: found.event.slug,
      startsAt: found.event.startsAt,
      endsAt: found.event.endsAt,
      place: found.venueName ? `${found.venueName}, ${found.city}` : "Online",
    },
    signedIn: Boolean(context.user),
    signedInAs: context.user?.email ?? null,
    isSender: Boolean(context.user && t.fromUserId === context.user.id),
    // Only the person it was sent to, with that address verified, may claim it (the service checks again).
    claimantProblem: context.user ? claimantProblem(context.user, t.toEmail) : null,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(`/log-in?redirect=${encodeURIComponent(`/tickets/claim/${params.token}`)}`);
  const u = context.user;
  try {
    const { ticketId } = await claimTicket(context.database.db, context.ticketCodes.sign, {
      token: params.token,
      user: { id: u.id, name: personName(u) },
      now: new Date(),
    });
    throw redirect(`/u/tickets/${ticketId}`, {
      headers: setFlash(new Headers(), { tone: "success", text: "The ticket is yours. See you there!" }),
    });
  } catch (error) {
    return actionError(error);
  }
}

export default function ClaimTicket({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const e = loaderData.event;
  const back = encodeURIComponent(`/tickets/claim/${params.token}`);
  return (
    <div className="container-page grid max-w-lg py-10">
      <div className="card p-6">
        <p
          className="inline-flex items-center gap-2 rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold
          text-brand"
        >
          <Gift aria-hidden className="size-4" />{" "}
          {loaderData.isSender
            ? `The ticket you sent to ${loaderData.toEmail}`
            : `${loaderData.fromName} sent you a ticket`}
        </p>
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight">{e.name}</h1>
        <p className="mt-3 flex gap-3 text-sm">
          <CalendarDays aria-hidden className="size-5 shrink-0 text-brand" />
          <span>{formatWhenInFull(e.startsAt, e.endsAt)}</span>
        </p>
        <p className="mt-2 flex gap-3 text-sm">
          <MapPin aria-hidden className="size-5 shrink-0 text-brand" />
          <span>{e.place}</span>
        </p>
        <p className="mt-2 flex gap-3 text-sm">
          <Ticket aria-hidden className="size-5 shrink-0 text-brand" />
          <span>
            {loaderData.typeName}
            {loaderData.seat ? `, seat ${loaderData.seat}` : ""}
          </span>
        </p>

        <FormMessage className="mt-5">{actionData?.error}</FormMessage>

        {loaderData.claimedByYou ? (
          <Link to={`/u/tickets/${loaderData.ticketId}`} className="btn-primary mt-6 w-full">
            Show my ticket
          </Link>
        ) : loaderData.status === "claimed" ? (
          <p className="mt-6 text-sm text-fg-muted">This ticket has already been claimed.</p>
        ) : loaderData.status === "cancelled" ? (
          <p className="mt-6 text-sm text-fg-muted">
            {loaderData.fromName} took this ticket back, so it can't be claimed. Ask them to send it again.
          </p>
        ) : loaderData.isSender ? (
          <p className="mt-6 text-sm text-fg-muted">
            This is the link you sent. Your friend claims the ticket by opening it while logged in to their own account.
          </p>
        ) : loaderData.claimantProblem === "wrong_account" ? (
          <div className="mt-6 space-y-3 text-sm">
            <p>
              This ticket was sent to <strong className="break-all">{loaderData.toEmail}</strong>, and you're logged in
              as <strong className="break-all">{loaderData.signedInAs}</strong>. Only the person it was sent to can
              claim it.
            </p>
            <p>
              Is it for you?{" "}
              <Link to="/log-out" className="link">
                Log out
              </Link>
              , then log in or sign up with {loaderData.toEmail} and open this link again.
            </p>
          </div>
        ) : loaderData.claimantProblem === "unverified" ? (
          <div className="mt-6 space-y-3 text-sm">
            <p>{claimantProblemText.unverified(loaderData.toEmail)}</p>
            <Form method="post" action="/account/resend-verification" reloadDocument>
              <button type="submit" className="btn-secondary w-full">
                Send the verification link again
              </button>
            </Form>
          </div>
        ) : loaderData.signedIn ? (
          <Form method="post" className="mt-6">
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Claiming…" : "Add it to my tickets"}
            </button>
            <p className="mt-2 text-center text-xs text-fg-muted">
              It moves to your account with a QR code of its own.
            </p>
          </Form>
        ) : (
          <div className="mt-6 space-y-3">
            <p className="text-sm">
              Log in or sign up with <strong className="break-all">{loaderData.toEmail}</strong>, the address it was
              sent to, to claim it. You'll come straight back here.
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Link to={`/log-in?redirect=${back}`} className="btn-primary">
                Log in
              </Link>
              <Link to={`/sign-up?redirect=${back}`} className="btn-secondary">
                Sign up
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
