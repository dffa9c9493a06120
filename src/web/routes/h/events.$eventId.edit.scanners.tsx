import { Copy, Link2, ShieldOff, UserCheck } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { SCANNER_LINK_HOURS, scannerLinkHoursFor } from "~/domain/scanning";
import { formatLondonTime, formatShortDate } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { createScannerLink, eventScanners, grantMemberScanner, revokeScanner } from "~/services/event-scanners";
import { scannerMessages } from "~/texts/scanner-messages";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { ticketQrSvg } from "~/web/lib/ticket-qr.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import type { Route } from "./+types/events.$eventId.edit.scanners";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Scanners · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "Who may scan tickets for this event, and the scanner links you have shared." },
  { name: "robots", content: "noindex" },
];

/** Who may scan this event's tickets besides the owners and managers (spec §2 scanners sub-view, decision 0034). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const now = new Date();
  const scanners = await loaded(eventScanners(context.database.db, { hostId, eventId: params.eventId, now }));
  return {
    ...scanners,
    eventId: params.eventId,
    offered: scannerLinkHoursFor(scanners.event, now),
  };
}

const ScannersForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), userId: field.text(64) }),
  z.object({
    intent: z.literal("link"),
    label: field.text(100),
    // Read by the service with the name, so both are judged at once (blank or words: not a whole number).
    hours: field.text(10).transform((v) => (v.trim() === "" ? Number.NaN : Number(v))),
  }),
  z.object({ intent: z.literal("revoke"), target: field.text(40) }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const eventId = params.eventId;
  const read = await readForm(request, ScannersForm);
  if (!read.ok) return actionError(read.error, { extra: { intent: read.values.intent ?? "", values: read.values } });
  const form = read.data;
  const now = new Date();
  try {
    switch (form.intent) {
      case "grant": {
        const r = await grantMemberScanner(db, { hostId, eventId, userId: form.userId, by: user.id });
        return { ok: scannerMessages.granted(r.name), at: Date.now() };
      }
      case "link": {
        const made = await createScannerLink(db, {
          hostId,
          eventId,
          label: form.label,
          hours: form.hours,
          by: user.id,
          now,
        });
        const url = `${context.publicUrl.replace(/\/+$/, "")}/h/scan/link/${made.token}`;
        return {
          ok: scannerMessages.linkMade(form.label.trim()),
          at: Date.now(),
          link: { url, qr: await ticketQrSvg(url, 2), expiresAt: made.expiresAt },
        };
      }
      case "revoke": {
        const r = await revokeScanner(db, { hostId, eventId, scannerId: form.target, now });
        return { ok: scannerMessages.revoked(r.label), at: Date.now() };
      }
    }
  } catch (error) {
    return actionError(error, { extra: { intent: form.intent, values: {} as Record<string, string> } });
  }
}

const until = (d: Date | string) => `${formatShortDate(new Date(d))}, ${formatLondonTime(new Date(d))}`;

export default function EventScanners({ loaderData, actionData }: Route.ComponentProps) {
  const { grants, candidates, teamScanners, offered } = loaderData;
  /** A link that stops working before the event is over, said beside it. */
  const stopsEarly = (expiresAt: Date | string) => new Date(expiresAt) < new Date(offered.closesAt);
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const ok = actionData && "ok" in actionData ? actionData : null;
  const refused = actionData && "error" in actionData ? actionData : null;
  const { formError, fieldErrors } = refusalOf(refused);
  const made = ok && "link" in ok ? ok.link : null;

  useEffect(() => {
    if (ok) toast.success(ok.ok);
  }, [ok]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Scanner link copied.");
    } catch {
      toast.error("Couldn't copy the link: select it and copy it by hand.");
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-fg-muted">
        You and your managers can always scan this event. Give a scanner on your team access here, or make a link for a
        volunteer at the door: no account needed, it works only for this event, and you can revoke it at once.
      </p>
      {refused && refused.intent === "revoke" ? <FormMessage>{formError}</FormMessage> : null}

      {made ? (
        <section
          aria-labelledby="made-heading"
          className="card flex flex-col gap-4 border-2 border-brand p-5 tablet:flex-row"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <h2 id="made-heading" className="text-lg font-bold">
              Your new scanner link
            </h2>
            <p className="text-sm text-fg-muted">
              Copy it now: for safety it is shown only once. It works until {until(made.expiresAt)}.
            </p>
            {stopsEarly(made.expiresAt) ? (
              <FormMessage tone="info">
                {`It stops before the event ends on ${until(offered.closesAt)}. Links last at most ` +
                  `${SCANNER_LINK_HOURS.max} hours, so make your volunteers' links within ` +
                  `${SCANNER_LINK_HOURS.max} hours of the end.`}
              </FormMessage>
            ) : null}
            <label htmlFor="scanner-link" className="sr-only">
              Scanner link
            </label>
            <input
              id="scanner-link"
              readOnly
              value={made.url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-11 w-full rounded-xl border border-border bg-surface px-3 font-mono text-sm"
            />
            <button type="button" className="btn-primary self-start" onClick={() => void copy(made.url)}>
              <Copy aria-hidden className="size-4" /> Copy link
            </button>
          </div>
          <div
            role="img"
            aria-label="QR code of the scanner link, to open it on the door's phone"
            className="w-40 shrink-0 self-center rounded-lg bg-white p-2"
            dangerouslySetInnerHTML={{ __html: made.qr }}
          />
        </section>
      ) : null}

      <div className="grid gap-6 laptop:grid-cols-2">
        <section aria-labelledby="link-heading" className="card flex flex-col gap-3 p-5">
          <h2 id="link-heading" className="flex items-center gap-2 text-lg font-bold">
            <Link2 aria-hidden className="size-5 text-brand" /> Make a scanner link
          </h2>
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <input type="hidden" name="intent" value="link" />
            {refused && refused.intent === "link" && !fieldErrors.label && !fieldErrors.hours ? (
              <FormMessage>{formError}</FormMessage>
            ) : null}
            <TextField
              label="Name"
              name="label"
              hint="Who or where it's for, such as 'Side door' or 'Sam's phone'"
              maxLength={60}
              required
              defaultValue={refused?.intent === "link" ? (refused.values?.label ?? "") : ""}
              error={refused?.intent === "link" ? fieldErrors.label : undefined}
            />
            <TextField
              label="Works for (hours)"
              name="hours"
              type="number"
              inputMode="numeric"
              min={SCANNER_LINK_HOURS.min}
              max={SCANNER_LINK_HOURS.max}
              hint={
                `${SCANNER_LINK_HOURS.min} to ${SCANNER_LINK_HOURS.max}.` +
                (offered.reaches === "close"
                  ? ` ${offered.hours} lasts until after the event ends (${until(offered.closesAt)}).`
                  : offered.reaches === "too_far"
                    ? ` The event ends more than ${SCANNER_LINK_HOURS.max} hours from now: make volunteers' links ` +
                      "nearer the day."
                    : "")
              }
              defaultValue={refused?.intent === "link" ? (refused.values?.hours ?? "") : String(offered.hours)}
              error={refused?.intent === "link" ? fieldErrors.hours : undefined}
            />
            <button type="submit" className="btn-primary self-start" disabled={busy}>
              Make link
            </button>
          </Form>
        </section>

        <section aria-labelledby="team-heading" className="card flex flex-col gap-3 p-5">
          <h2 id="team-heading" className="flex items-center gap-2 text-lg font-bold">
            <UserCheck aria-hidden className="size-5 text-brand" /> Scanners on your team
          </h2>
          {candidates.length === 0 ? (
            <p className="text-sm text-fg-muted">
              {teamScanners === 0
                ? "Nobody on your team has the scanner role yet. "
                : "Every scanner on your team can already scan this event. "}
              <a href="/h/settings/permissions" className="font-semibold text-brand underline">
                Invite scanners from Team
              </a>
            </p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="grant" />
              <div className="min-w-0 flex-1">
                <label htmlFor="grant-user" className="block text-sm font-semibold">
                  Team member
                </label>
                <select
                  id="grant-user"
                  name="userId"
                  className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3"
                >
                  {candidates.map((c) => (
                    <option key={c.userId} value={c.userId}>
                      {c.name} ({c.email})
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary" disabled={busy}>
                Give access
              </button>
              {refused?.intent === "grant" ? <FormMessage className="w-full">{formError}</FormMessage> : null}
            </Form>
          )}
        </section>
      </div>

      <section aria-labelledby="who-heading" className="card flex flex-col gap-3 p-5">
        <h2 id="who-heading" className="text-lg font-bold">
          Who can scan
        </h2>
        {grants.length === 0 ? (
          <p className="text-fg-muted">Only you and your managers, so far.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" data-testid="scanner-list">
            {grants.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {g.label}
                    <span className="ml-2 text-sm font-normal text-fg-muted">
                      {g.kind === "link" ? "Scanner link" : g.email}
                    </span>
                  </span>
                  <span className="block text-sm text-fg-muted">
                    {g.state === "revoked"
                      ? `Revoked ${until(g.revokedAt!)}`
                      : g.state === "expired"
                        ? `Expired ${until(g.expiresAt!)}`
                        : g.expiresAt
                          ? `Works until ${until(g.expiresAt)}` +
                            (stopsEarly(g.expiresAt) ? ", before the event is over" : "")
                          : "Can scan this event"}
                  </span>
                </span>
                {g.state === "live" ? (
                  <Form
                    method="post"
                    onSubmit={askFirst({
                      title: `Revoke ${g.label}?`,
                      description: "They stop being able to scan this event straight away.",
                      confirmLabel: "Revoke",
                      tone: "danger",
                    })}
                  >
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="target" value={g.id} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      <ShieldOff aria-hidden className="size-4" /> Revoke
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
