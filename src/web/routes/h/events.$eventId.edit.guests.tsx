import { Accessibility, Download, FileUp, Pencil, Search, Trash2, UserPlus, Users } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/domain/guests";
import { AppError } from "~/lib/app-error";
import { formatLondonTime } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { guestMessages } from "~/texts/guest-messages";
import { noLargerThan, useChosenFileCheck } from "~/web/lib/use-chosen-file";
import {
  eventTicketTypes,
  guestCounts,
  GUEST_FILES,
  importGuests,
  listGuests,
  previewGuestImport,
  removeGuest,
  setCheckedIn,
} from "~/services/guest-list";
import { FormMessage } from "~/web/components/ui/field";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { toast } from "~/web/components/ui/toast";
import { actionError } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/events.$eventId.edit.guests";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Guests · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "The guest list for this event: who is coming and who has checked in." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100).trim();
  const eventId = params.eventId;
  const counts = await loaded(guestCounts(db, { hostId, eventId }));
  const list = await listGuests(db, {
    hostId,
    query: { search: q, page: pageParam(url.searchParams.get("page")), eventId },
  });
  return { ...list, counts, q, eventId };
}

const Target = { target: field.text(40) };

/** A file the import can't take, named on the file input. */
const fileProblem = (words: string) => new AppError("validation_failed", words, { field: "file" });

/** The guest list's forms, one per intent. */
const GuestsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("checkin"), ...Target, kind: z.enum(["ticket", "guest"]), to: z.enum(["in", "out"]) }),
  z.object({ intent: z.literal("remove"), ...Target }),
  z.object({ intent: z.literal("preview"), file: field.file() }),
  z.object({ intent: z.literal("import"), csv: field.text(IMPORT_MAX_BYTES * 2), importId: field.text(40) }),
]);

/** Each file read (previewed or imported) counts against the host's allowance, before it is read. */
async function countGuestFile(context: Route.ActionArgs["context"], hostId: string) {
  const counted = await context.throttle.hit(`guest-file:${hostId}`, GUEST_FILES, new Date());
  if (!counted.allowed) throw new AppError("rate_limited", guestMessages.tooManyFiles);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const eventId = params.eventId;
  const c = guestMessages.csv;
  const read = await readForm(request, GuestsForm, { maxBytes: IMPORT_MAX_BYTES * 2 });
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "", target: read.values.target ?? "" },
      words: { too_large: c.tooLarge(IMPORT_MAX_BYTES / 1024) },
    });
  const form = read.data;
  const target = "target" in form ? form.target : "import";
  const done = (ok: string) => ({ ok, intent: form.intent, target, at: Date.now() });
  const now = new Date();
  try {
    switch (form.intent) {
      case "checkin": {
        const checkedIn = form.to === "in";
        const r = await setCheckedIn(db, { hostId, eventId, kind: form.kind, id: form.target, checkedIn, now });
        const m = guestMessages;
        return done(
          r.changed
            ? checkedIn
              ? m.checkedIn(r.name)
              : m.undone(r.name)
            : checkedIn
              ? m.alreadyIn(r.name)
              : m.notIn(r.name),
        );
      }
      case "remove": {
        const r = await removeGuest(db, { hostId, guestId: form.target });
        return done(guestMessages.removed(r.name));
      }
      case "preview": {
        // The event is the host's (or this is "no such event") before the file is even looked at.
        await eventTicketTypes(db, { hostId, eventId });
        await countGuestFile(context, hostId);
        if (!form.file) return actionError(fileProblem(c.noFile), { extra: { intent: "preview", target } });
        if (form.file.size > IMPORT_MAX_BYTES)
          return actionError(fileProblem(c.tooLarge(IMPORT_MAX_BYTES / 1024)), {
            extra: { intent: "preview", target },
          });
        const text = await form.file.text();
        if (text.includes("\u0000"))
          return actionError(fileProblem(c.notCsv), { extra: { intent: "preview", target } });
        const reading = await previewGuestImport(db, { hostId, eventId, text });
        if (!reading.ok) return actionError(fileProblem(reading.problem), { extra: { intent: "preview", target } });
        return {
          intent: "preview" as const,
          target,
          preview: {
            rows: reading.rows.map(({ draft: _, ...row }) => row),
            valid: reading.valid,
            invalid: reading.invalid,
          },
          fileName: form.file.name.slice(0, 200),
          csv: reading.invalid === 0 ? text : "",
          importId: crypto.randomUUID(),
        };
      }
      case "import": {
        await countGuestFile(context, hostId);
        const r = await importGuests(db, { hostId, eventId, text: form.csv, importId: form.importId, now });
        return done(c.imported(r.imported));
      }
    }
  } catch (error) {
    return actionError(error, { extra: { intent: form.intent, target } });
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function EventGuests({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages, counts, q, eventId } = loaderData;
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const askFirst = useAskFirst();
  const ok = actionData && "ok" in actionData ? actionData : null;
  const refused = actionData && "error" in actionData ? actionData : null;
  const preview = actionData && "preview" in actionData ? actionData : null;
  const base = `/h/events/${eventId}/edit/guests`;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  const importRefusal = refused && (refused.intent === "preview" || refused.intent === "import") ? refused : null;
  const chosen = useChosenFileCheck(
    noLargerThan(IMPORT_MAX_BYTES, guestMessages.csv.tooLarge(IMPORT_MAX_BYTES / 1024)),
  );
  const importProblem = chosen.problem ?? importRefusal?.error ?? null;

  useEffect(() => {
    if (ok) toast.success(ok.ok);
  }, [ok]);

  return (
    <section aria-labelledby="guests-heading" className="flex flex-col gap-5">
      {ok && !hydrated ? <FormMessage tone="success">{ok.ok}</FormMessage> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="guests-heading" className="flex items-center gap-2 text-xl font-bold">
            <Users aria-hidden className="size-5 text-brand" /> Guest list
          </h2>
          <p className="mt-1 text-sm text-fg-muted">Ticket holders and the guests you add, for the door.</p>
        </div>
        <p className="card px-4 py-2 text-right" aria-live="polite">
          <span className="block text-2xl font-extrabold tabular-nums">
            {counts.checkedIn} <span className="text-base font-semibold text-fg-muted">/ {counts.expected}</span>
          </span>
          <span className="text-xs font-medium text-fg-muted">checked in / expected</span>
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Link to={`/h/guests/addguest?event=${eventId}`} className="btn-primary">
          <UserPlus aria-hidden className="size-4" /> Add guest
        </Link>
        {counts.expected > 0 ? (
          <a href={`/h/events/${eventId}/guests/export`} className="btn-secondary" download>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        ) : null}
      </div>

      {counts.expected > 0 || q ? (
        <Form method="get" role="search" aria-label="Search the guest list" className="flex max-w-md items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="guest-search" className="block text-xs font-semibold text-fg-muted">
              Search by name, email or order
            </label>
            <input
              id="guest-search"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              maxLength={100}
              className="mt-1 h-10 w-full rounded-xl border border-border bg-surface px-3 text-sm"
            />
          </div>
          <button type="submit" className="btn-secondary shrink-0">
            <Search aria-hidden className="size-4" /> Search
          </button>
        </Form>
      ) : null}

      {refused && refused.intent !== "preview" && refused.intent !== "import" ? (
        <FormMessage>{refused.error}</FormMessage>
      ) : null}

      {rows.length === 0 ? (
        <div className="card p-6 text-center text-sm text-fg-muted">
          {q ? (
            <p>
              No one on this list matches “{q}”.{" "}
              <Link to={base} className="link">
                Show everyone
              </Link>
            </p>
          ) : (
            <p>
              No one on the list yet. Ticket holders appear here as they book; add guests by hand or from a CSV file.
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-fg-muted">
            {total === 1 ? "1 entry" : `${total} entries`}
            {q ? ` matching “${q}”` : ""}
            {pages > 1 ? ` · page ${page} of ${pages}` : ""}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Guest list">
            {rows.map((row) => (
              <GuestRow key={`${row.kind}-${row.id}`} row={row} busy={busy} askFirst={askFirst} />
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pageCount={pages} hrefFor={hrefFor} label="Guest list pages" />

      <section aria-labelledby="import-heading" className="card p-5">
        <h3 id="import-heading" className="flex items-center gap-2 text-lg font-bold">
          <FileUp aria-hidden className="size-5 text-brand" /> Import guests from a CSV file
        </h3>
        <p className="mt-1 text-sm text-fg-muted">
          The first line names the columns: Name (needed), Email, Ticket type, Plus-ones, Notes. Up to{" "}
          {IMPORT_MAX_ROWS.toLocaleString("en-GB")} guests and {IMPORT_MAX_BYTES / 1024} KB a file. You'll see every
          line before anything is added.
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={chosen.clear}
        >
          <input type="hidden" name="intent" value="preview" />
          <div className="min-w-0">
            <label htmlFor="import-file" className="block text-sm font-medium">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              aria-invalid={chosen.problem || importRefusal?.fieldErrors.file ? true : undefined}
              aria-describedby={importProblem ? "import-error" : undefined}
              onChange={chosen.onChange}
              className="mt-1 block max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-surface-2
                file:px-4 file:py-2 file:font-semibold"
            />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Preview
          </button>
        </Form>
        {importProblem ? (
          <FormMessage id="import-error" className="mt-3">
            {importProblem}
          </FormMessage>
        ) : null}
        {preview ? <ImportPreview preview={preview} busy={busy} /> : null}
      </section>
    </section>
  );
}

function GuestRow({ row, busy, askFirst }: { row: Row; busy: boolean; askFirst: ReturnType<typeof useAskFirst> }) {
  const checkedIn = row.checkedInAt !== null;
  const details = [
    row.email,
    row.ticketType,
    row.companion ? "Companion ticket" : null,
    row.kind === "ticket" ? `Order ${row.reference}` : "Added by host",
  ].filter(Boolean);
  return (
    <li className={`card flex flex-wrap items-center gap-3 p-3 tablet:flex-nowrap ${checkedIn ? "bg-surface-2" : ""}`}>
      <div className="w-full min-w-0 tablet:w-auto tablet:flex-1">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {row.name}
          {row.plusOnes > 0 ? <span className="ml-2 text-sm font-medium text-fg-muted">+{row.plusOnes}</span> : null}
        </p>
        <p className="text-sm text-fg-muted [overflow-wrap:anywhere]">{details.join(" · ")}</p>
        {row.accessNeeds || row.accessNotes ? (
          <p className="mt-1 flex items-start gap-1 text-sm">
            <Accessibility aria-label="Access needs" className="mt-0.5 size-4 shrink-0 text-brand" />
            <span className="[overflow-wrap:anywhere]">
              {[row.accessNeeds, row.accessNotes].filter(Boolean).join(". ")}
            </span>
          </p>
        ) : null}
        {row.notes ? <p className="mt-1 text-sm [overflow-wrap:anywhere]">Notes: {row.notes}</p> : null}
      </div>
      <div className="ml-auto flex items-center gap-2">
        {checkedIn ? (
          <span className="text-sm font-semibold text-success">In at {formatLondonTime(row.checkedInAt!)}</span>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="checkin" />
          <input type="hidden" name="kind" value={row.kind} />
          <input type="hidden" name="target" value={row.id} />
          <input type="hidden" name="to" value={checkedIn ? "out" : "in"} />
          <button type="submit" className={checkedIn ? "btn-secondary" : "btn-primary"} disabled={busy}>
            {checkedIn ? "Undo" : "Check in"}
            <span className="sr-only"> {row.name}</span>
          </button>
        </Form>
        {row.kind === "guest" ? (
          <>
            <Link to={`/h/guests/edit/${row.id}`} className="btn-ghost min-h-10 px-3" aria-label={`Edit ${row.name}`}>
              <Pencil aria-hidden className="size-4" />
            </Link>
            <Form
              method="post"
              onSubmit={askFirst({
                title: `Remove ${row.name}?`,
                description: "They come off this event's guest list.",
                confirmLabel: "Remove",
              })}
            >
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="target" value={row.id} />
              <button type="submit" className="btn-ghost min-h-10 px-3 text-danger" disabled={busy}>
                <Trash2 aria-hidden className="size-4" />
                <span className="sr-only">Remove {row.name}</span>
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </li>
  );
}

interface PreviewAnswer {
  preview: {
    rows: {
      line: number;
      name: string;
      email: string;
      ticketType: string;
      plusOnes: string;
      notes: string;
      errors: string[];
    }[];
    valid: number;
    invalid: number;
  };
  fileName: string;
  csv: string;
  importId: string;
}

function ImportPreview({ preview: answer, busy }: { preview: PreviewAnswer; busy: boolean }) {
  const { rows, valid, invalid } = answer.preview;
  const c = guestMessages.csv;
  return (
    <div className="mt-5 border-t border-border pt-4">
      <h4 className="font-bold [overflow-wrap:anywhere]">Preview of {answer.fileName}</h4>
      {invalid > 0 ? (
        <>
          <FormMessage className="mt-2">{c.problems(invalid)}</FormMessage>
          <ul className="mt-2 list-disc pl-5 text-sm text-danger" aria-label="Problems in the file">
            {rows
              .flatMap((r) => r.errors)
              .slice(0, 50)
              .map((e) => (
                <li key={e}>{e}</li>
              ))}
          </ul>
        </>
      ) : (
        <p role="status" className="mt-2 text-sm font-medium">
          {c.ready(valid)}
        </p>
      )}
      <div
        className="mt-3 max-h-96 overflow-auto rounded-xl border border-border"
        tabIndex={0}
        aria-label="Lines of the file"
      >
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Each line of the file</caption>
          <thead className="sticky top-0 bg-surface text-left text-xs text-fg-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Ticket type
              </th>
              <th scope="col" className="px-3 py-2">
                Plus-ones
              </th>
              <th scope="col" className="px-3 py-2">
                Problems
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((r) => (
              <tr key={r.line} className={r.errors.length > 0 ? "bg-danger-soft" : ""}>
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.name}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.email}</td>
                <td className="px-3 py-2">{r.ticketType}</td>
                <td className="px-3 py-2 tabular-nums">{r.plusOnes}</td>
                <td className="px-3 py-2 text-danger">
                  {r.errors.map((e) => e.replace(/^Line \d+: /, "")).join("; ") || "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {invalid === 0 ? (
        <Form method="post" encType="multipart/form-data" className="mt-4">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="importId" value={answer.importId} />
          <input type="hidden" name="csv" value={answer.csv} />
          <button type="submit" className="btn-primary" disabled={busy}>
            Import {valid === 1 ? "1 guest" : `${valid} guests`}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
