import { CheckCircle2, Crown, MailPlus, UserRoundX, Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { mayChangeTeam, TEAM_ROLE_TEXT, TEAM_ROLES, type TeamRole } from "~/domain/host-team";
import { formatShortDate } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { changeMemberRole, hostTeam, inviteToTeam, removeMember, revokeInvitation } from "~/services/host-team";
import { teamMessages } from "~/texts/studio-messages";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { Pagination } from "~/web/components/ui/pagination";
import { actionError } from "~/web/lib/action-error";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import type { Route } from "./+types/settings.permissions";

export const handle = { title: "Team" };
export const meta: Route.MetaFunction = () => [
  { title: "Team and permissions · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your team: who can manage your events, sell tickets and scan at the door." },
  { name: "robots", content: "noindex" },
];

/** Owners and managers see the team; scanners are sent the page-not-found answer by the guard. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, host, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const team = await hostTeam(context.database.db, {
    hostId,
    now: new Date(),
    page: Number.isInteger(page) ? page : 1,
  });
  return { host, canChange: mayChangeTeam(role), ...team };
}

const role = z.enum(TEAM_ROLES, { error: teamMessages.roleRequired });

/** The page's forms, one per intent; `target` is the member or invitation a row's form acts on. */
const TeamForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: field.text(320), role }),
  z.object({ intent: z.literal("role"), target: field.text(64), role }),
  z.object({ intent: z.literal("remove"), target: field.text(64) }),
  z.object({ intent: z.literal("revoke"), target: field.text(64) }),
]);

/** Only owners change the team: the guard answers anyone else (managers too) not found, and nothing changes. */
export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: ["owner"] });
  const db = context.database.db;
  const read = await readForm(request, TeamForm);
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "", target: read.values.target ?? "", email: read.values.email ?? "" },
    });
  const form = read.data;
  const target = "target" in form ? form.target : "";
  const now = new Date();
  try {
    if (form.intent === "invite") {
      const sent = await inviteToTeam(db, {
        hostId,
        invitedBy: user.id,
        email: form.email,
        role: form.role,
        now,
        throttle: context.throttle,
      });
      return { ok: teamMessages.invited(sent.email, form.role), intent: form.intent };
    }
    if (form.intent === "role") {
      const changed = await changeMemberRole(db, { hostId, memberId: target, role: form.role });
      return { ok: teamMessages.roleChanged(changed.name, TEAM_ROLE_TEXT[changed.role].label), intent: form.intent };
    }
    if (form.intent === "remove") {
      const removed = await removeMember(db, { hostId, memberId: target });
      return { ok: teamMessages.removed(removed.name), intent: form.intent };
    }
    const revoked = await revokeInvitation(db, { hostId, invitationId: target, now });
    return { ok: teamMessages.revoked(revoked.email), intent: form.intent };
  } catch (error) {
    return actionError(error, {
      extra: { intent: form.intent, target, email: form.intent === "invite" ? form.email : "" },
    });
  }
}

function RoleBadge({ role }: { role: TeamRole }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold">
      {role === "owner" ? <Crown aria-hidden className="size-3.5 text-brand" /> : null}
      {TEAM_ROLE_TEXT[role].label}
    </span>
  );
}

function Avatar({ name, image }: { name: string; image: string | null }) {
  const letters = name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return image ? (
    <img src={image} alt="" className="size-10 shrink-0 rounded-full border border-border object-cover" />
  ) : (
    <span
      aria-hidden
      className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand"
    >
      {letters || "?"}
    </span>
  );
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { host, canChange, owner, members, page, pages, total, invitations } = loaderData;
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const inviteRef = useRef<HTMLFormElement>(null);
  const refused = actionData && "error" in actionData ? actionData : null;
  const done = actionData && "ok" in actionData ? actionData : null;
  const errorFor = (intent: string, target: string) =>
    refused && refused.intent === intent && refused.target === target ? refused.error : null;
  const inviteRefused = refused?.intent === "invite" ? refused : null;

  // A sent invitation clears the form for the next one; a refused one keeps what was typed.
  useEffect(() => {
    if (done?.intent === "invite") inviteRef.current?.reset();
  }, [done]);

  return (
    <div className="py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Team</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Who can work in {host.title}&apos;s Partner Studio, and what each of them can do.
        {canChange ? "" : " Only an owner can change the team."}
      </p>
      {done ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" /> {done.ok}
        </p>
      ) : null}

      {canChange ? (
        <section aria-labelledby="invite-heading" className="card mt-8 p-5 tablet:p-6">
          <h2 id="invite-heading" className="flex items-center gap-2 text-xl font-bold">
            <MailPlus aria-hidden className="size-5 text-brand" /> Invite someone
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            We email them a link that works for 7 days. They accept it logged in with that address.
          </p>
          <Form method="post" ref={inviteRef} className="mt-4 space-y-4" aria-labelledby="invite-heading" noValidate>
            <input type="hidden" name="intent" value="invite" />
            {inviteRefused && !inviteRefused.fieldErrors.email && !inviteRefused.fieldErrors.role ? (
              <FormMessage>{inviteRefused.error}</FormMessage>
            ) : null}
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="off"
              inputMode="email"
              maxLength={320}
              required
              defaultValue={inviteRefused?.email ?? ""}
              error={inviteRefused?.fieldErrors.email}
              className="max-w-md"
            />
            <fieldset aria-describedby={inviteRefused?.fieldErrors.role ? "invite-role-error" : undefined}>
              <legend className="text-sm font-medium">Role</legend>
              <div className="mt-2 grid gap-2 tablet:grid-cols-3">
                {TEAM_ROLES.map((r) => (
                  <label
                    key={r}
                    className="flex cursor-pointer gap-3 rounded-xl border border-border p-3 text-sm
                      has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                  >
                    <input
                      type="radio"
                      name="role"
                      value={r}
                      defaultChecked={r === "manager"}
                      className="mt-0.5 size-5 shrink-0 accent-[var(--brand-strong)]"
                    />
                    <span>
                      <span className="block font-semibold">{TEAM_ROLE_TEXT[r].label}</span>
                      <span className="block text-fg-muted">{TEAM_ROLE_TEXT[r].description}</span>
                    </span>
                  </label>
                ))}
              </div>
              {inviteRefused?.fieldErrors.role ? (
                <p id="invite-role-error" className="mt-1 text-sm font-medium text-danger">
                  {inviteRefused.fieldErrors.role}
                </p>
              ) : null}
            </fieldset>
            <button type="submit" className="btn-primary" disabled={busy}>
              <MailPlus aria-hidden className="size-4" /> Send invitation
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="people-heading" className="mt-10">
        <h2 id="people-heading" className="flex items-center gap-2 text-xl font-bold">
          <Users aria-hidden className="size-5 text-brand" /> People
          <span className="text-sm font-medium text-fg-muted">({total + 1})</span>
        </h2>
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
          <li className="flex items-center gap-3 p-4">
            <Avatar name={owner.name} image={owner.image} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{owner.name}</p>
              <p className="text-sm break-all text-fg-muted">{owner.email}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                <RoleBadge role="owner" /> The host&apos;s own account
              </p>
            </div>
          </li>
          {members.map((m) => {
            const error = errorFor("role", m.memberId) ?? errorFor("remove", m.memberId);
            return (
              <li key={m.memberId} className="p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
                    <Avatar name={m.name} image={m.image} />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold break-words">{m.name}</p>
                      <p className="text-sm break-all text-fg-muted">{m.email}</p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                        {canChange ? null : <RoleBadge role={m.role} />} Joined {formatShortDate(m.joinedAt)}
                      </p>
                    </div>
                  </div>
                  {canChange ? (
                    <div className="flex flex-wrap items-end gap-2">
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="target" value={m.memberId} />
                        <div>
                          <label htmlFor={`role-${m.memberId}`} className="block text-xs font-medium text-fg-muted">
                            Role<span className="sr-only"> of {m.name}</span>
                          </label>
                          <select
                            id={`role-${m.memberId}`}
                            name="role"
                            defaultValue={m.role}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `member-error-${m.memberId}` : undefined}
                            className="mt-1 h-10 rounded-xl border border-border bg-surface px-2 text-sm"
                          >
                            {TEAM_ROLES.map((r) => (
                              <option key={r} value={r}>
                                {TEAM_ROLE_TEXT[r].label}
                              </option>
                            ))}
                          </select>
                        </div>
                        <button type="submit" className="btn-secondary min-h-10 px-3 text-sm" disabled={busy}>
                          Save role
                        </button>
                      </Form>
                      <Form
                        method="post"
                        onSubmit={askFirst({
                          title: `Remove ${m.name}?`,
                          description: `${m.name} will no longer be able to work in ${host.title}'s Partner Studio.`,
                          confirmLabel: "Remove",
                        })}
                      >
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="target" value={m.memberId} />
                        <button
                          type="submit"
                          className="btn-secondary min-h-10 px-3 text-sm text-danger"
                          disabled={busy}
                          aria-label={`Remove ${m.name}`}
                        >
                          <UserRoundX aria-hidden className="size-4" /> Remove
                        </button>
                      </Form>
                    </div>
                  ) : null}
                </div>
                {error ? (
                  <p id={`member-error-${m.memberId}`} role="alert" className="mt-2 text-sm font-medium text-danger">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {total === 0 ? (
          <p className="mt-3 text-sm text-fg-muted">
            {canChange
              ? "No one else is on the team yet. Invite a manager to help run your events, or a scanner for the door."
              : "No one else is on the team yet."}
          </p>
        ) : null}
        <Pagination
          page={page}
          pageCount={pages}
          hrefFor={(p) =>
            p === 1 ? "/h/settings/permissions#people-heading" : `/h/settings/permissions?page=${p}#people-heading`
          }
          label="Team pages"
        />
      </section>

      <section aria-labelledby="invitations-heading" className="mt-10">
        <h2 id="invitations-heading" className="flex items-center gap-2 text-xl font-bold">
          <MailPlus aria-hidden className="size-5 text-brand" /> Invitations waiting
        </h2>
        {invitations.length === 0 ? (
          <p className="card mt-4 p-6 text-center text-sm text-fg-muted">
            No invitations waiting. Accepted invitations move to People.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
            {invitations.map((i) => {
              const error = errorFor("revoke", i.id);
              return (
                <li key={i.id} className="flex flex-wrap items-center gap-3 p-4">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-all">{i.email}</p>
                    <p className="text-sm text-fg-muted">
                      {TEAM_ROLE_TEXT[i.role].label}
                      {i.invitedByName ? ` · invited by ${i.invitedByName}` : ""} ·{" "}
                      {i.state === "open" ? (
                        `expires ${formatShortDate(i.expiresAt)}`
                      ) : (
                        <strong className="font-semibold text-danger">expired {formatShortDate(i.expiresAt)}</strong>
                      )}
                    </p>
                    {error ? (
                      <p role="alert" className="mt-1 text-sm font-medium text-danger">
                        {error}
                      </p>
                    ) : null}
                  </div>
                  {canChange ? (
                    <Form
                      method="post"
                      onSubmit={askFirst({
                        title: "Revoke this invitation?",
                        description: `The link sent to ${i.email} will stop working.`,
                        confirmLabel: "Revoke",
                      })}
                    >
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="target" value={i.id} />
                      <button
                        type="submit"
                        className="btn-secondary min-h-10 px-3 text-sm"
                        disabled={busy}
                        aria-label={`Revoke the invitation to ${i.email}`}
                      >
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="roles-heading" className="mt-10">
        <h2 id="roles-heading" className="text-xl font-bold">
          What each role can do
        </h2>
        <dl className="mt-3 grid gap-3 tablet:grid-cols-3">
          {TEAM_ROLES.map((r) => (
            <div key={r} className="card p-4">
              <dt className="font-semibold">{TEAM_ROLE_TEXT[r].label}</dt>
              <dd className="mt-1 text-sm text-fg-muted">{TEAM_ROLE_TEXT[r].description}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
