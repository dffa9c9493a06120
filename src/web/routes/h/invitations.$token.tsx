import { Clock, MailWarning, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { accepterProblem, TEAM_ROLE_TEXT } from "~/domain/host-team";
import { formatLongDate, formatLondonTime } from "~/lib/format";
import { acceptInvitation, findInvitation } from "~/services/host-team";
import { teamMessages } from "~/texts/studio-messages";
import { HostAvatar, studioHomeFor } from "~/web/components/studio/studio-nav";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { studioHostChoiceCookie } from "~/web/lib/studio-host-cookie";
import type { Route } from "./+types/invitations.$token";

export const handle = { title: "Team invitation" };
export const meta: Route.MetaFunction = () => [
  { title: "Join a team · Partner Studio · Ticketyboo" },
  { name: "description", content: "Accept an invitation to join a host's team on Ticketyboo." },
  { name: "robots", content: "noindex" },
];

/**
 * Where the link in a team invitation email lands. Anyone with the link sees which host invites
 * them and as what; accepting needs the invited address, signed in and verified (log in or sign up,
 * and come straight back). A link that no longer works says why, with a status to match: 404 for
 * one we never made, 410 once used, revoked or expired, 403 for someone signed in as another address.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findInvitation(context.database.db, { token: params.token, now: new Date() });
  if (!found) return data({ kind: "unknown" as const }, { status: 404 });
  const me = context.user;
  const invitation = {
    email: found.email,
    role: found.role,
    expiresAt: found.expiresAt,
    host: { id: found.hostId, ...found.host, username: null, isVerified: false, profileComplete: true },
  };
  if (found.state === "accepted" && me && found.acceptedBy === me.id)
    return { kind: "joined" as const, invitation, home: studioHomeFor(found.role) };
  if (found.state !== "open") return data({ kind: "closed" as const, state: found.state, invitation }, { status: 410 });
  if (found.hostGone) return data({ kind: "host_gone" as const, invitation }, { status: 410 });
  if (!me) return { kind: "signed_out" as const, invitation };
  if (me.id === found.hostId) return data({ kind: "is_host" as const, invitation }, { status: 403 });
  const problem = accepterProblem(me, found.email);
  if (problem === "wrong_account")
    return data({ kind: "wrong_account" as const, invitation, signedInAs: me.email }, { status: 403 });
  if (problem === "unverified") return data({ kind: "unverified" as const, invitation }, { status: 403 });
  return { kind: "ready" as const, invitation };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  if (!context.user) throw redirect(`/log-in?redirect=${encodeURIComponent(`/h/invitations/${params.token}`)}`);
  try {
    const joined = await acceptInvitation(context.database.db, {
      token: params.token,
      userId: context.user.id,
      now: new Date(),
    });
    // They open the Studio of the team they have just joined, whatever they had chosen before.
    const headers = new Headers({ "Set-Cookie": studioHostChoiceCookie(joined.hostId, request) });
    setFlash(headers, {
      tone: "success",
      text: teamMessages.joined(joined.hostTitle, joined.role, TEAM_ROLE_TEXT[joined.role].label),
    });
    throw redirect(studioHomeFor(joined.role), { headers });
  } catch (error) {
    return actionError(error);
  }
}

export default function TeamInvitationPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const back = encodeURIComponent(`/h/invitations/${params.token}`);
  if (loaderData.kind === "unknown") {
    return (
      <Frame>
        <MailWarning aria-hidden className="size-8 text-brand" />
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight">We don&apos;t know this link</h1>
        <p className="mt-2 text-sm text-fg-muted">{teamMessages.linkUnknown}</p>
      </Frame>
    );
  }
  const { invitation } = loaderData;
  const role = TEAM_ROLE_TEXT[invitation.role];
  return (
    <Frame>
      <div className="flex items-center gap-3">
        <HostAvatar host={invitation.host} />
        <p className="min-w-0 text-sm">
          <span className="block text-xs font-semibold text-brand">Partner Studio</span>
          <span className="block font-bold break-words">{invitation.host.title}</span>
        </p>
      </div>
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight">Join {invitation.host.title}&apos;s team</h1>
      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex gap-3">
          <UsersRound aria-hidden className="size-5 shrink-0 text-brand" />
          <span>
            <strong>{role.label}</strong>: {role.description}
          </span>
        </li>
        <li className="flex gap-3">
          <Clock aria-hidden className="size-5 shrink-0 text-brand" />
          <span>
            For <strong className="break-all">{invitation.email}</strong>, until{" "}
            {formatLongDate(new Date(invitation.expiresAt))}, {formatLondonTime(new Date(invitation.expiresAt))}
          </span>
        </li>
      </ul>

      <FormMessage className="mt-5">{actionData?.error}</FormMessage>

      <div className="mt-6 space-y-3 text-sm">
        {loaderData.kind === "joined" ? (
          <>
            <p>You accepted this invitation: you&apos;re on the team.</p>
            <Form method="post" action="/h/switch-host">
              <input type="hidden" name="hostId" value={invitation.host.id} />
              <button type="submit" className="btn-primary w-full">
                Open {invitation.host.title}&apos;s Studio
              </button>
            </Form>
          </>
        ) : loaderData.kind === "closed" ? (
          <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-danger">
            {loaderData.state === "expired"
              ? teamMessages.expired(invitation.host.title)
              : loaderData.state === "revoked"
                ? teamMessages.revokedLink(invitation.host.title)
                : teamMessages.used}
          </p>
        ) : loaderData.kind === "host_gone" ? (
          <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-danger">
            {teamMessages.hostGone}
          </p>
        ) : loaderData.kind === "is_host" ? (
          <p>{teamMessages.isHost}</p>
        ) : loaderData.kind === "wrong_account" ? (
          <>
            <p>
              This invitation was sent to <strong className="break-all">{invitation.email}</strong>, and you&apos;re
              logged in as <strong className="break-all">{loaderData.signedInAs}</strong>. Only the person it was sent
              to can accept it.
            </p>
            <p>
              Is it for you?{" "}
              <Link to="/log-out" className="link">
                Log out
              </Link>
              , then log in or sign up with {invitation.email} and open this link again.
            </p>
          </>
        ) : loaderData.kind === "unverified" ? (
          <>
            <p>{teamMessages.unverified(invitation.email)}</p>
            <Form method="post" action="/account/resend-verification" reloadDocument>
              <button type="submit" className="btn-secondary w-full">
                Send the verification link again
              </button>
            </Form>
          </>
        ) : loaderData.kind === "ready" ? (
          <Form method="post">
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Joining…" : "Accept and join the team"}
            </button>
          </Form>
        ) : (
          <>
            <p>
              Log in or sign up with <strong className="break-all">{invitation.email}</strong>, the address it was sent
              to, to accept it. You&apos;ll come straight back here.
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Link to={`/log-in?redirect=${back}`} className="btn-primary">
                Log in
              </Link>
              <Link to={`/sign-up?redirect=${back}`} className="btn-secondary">
                Sign up
              </Link>
            </div>
          </>
        )}
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="container-page grid max-w-lg py-10">
      <div className="card p-6">{children}</div>
    </div>
  );
}
