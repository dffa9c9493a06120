import { FileUp, ListPlus, Trash2, UserCheck, Users } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import {
  CONSENT_SOURCE_MAX,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  LIST_NAME_MAX,
} from "~/domain/campaigns";
import { AppError } from "~/lib/app-error";
import { formatNumericDate } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { campaignMessages } from "~/texts/campaign-messages";
import { noLargerThan, useChosenFileCheck } from "~/web/lib/use-chosen-file";
import {
  createList,
  deleteList,
  hostAudiences,
  importContacts,
  listContacts,
  previewContactImport,
} from "~/services/marketing-audiences";
import { CheckboxField, FormMessage, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/marketing.email.recipients";

export const handle = { title: "Audiences" };
export const meta: Route.MetaFunction = () => [
  { title: "Audiences · Email marketing · Partner Studio · Ticketyboo" },
  { name: "description", content: "The audiences your email campaigns can go to." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const listId = new URL(request.url).searchParams.get("list") ?? "";
  const audiences = await hostAudiences(db, hostId);
  const open = isUuid(listId) ? await loaded(listContacts(db, { hostId, listId, limit: 100 })) : null;
  return { ...audiences, open };
}

const Target = { target: field.text(40) };

const AudienceForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-list"), name: field.text(200) }),
  z.object({ intent: z.literal("delete-list"), ...Target }),
  z.object({ intent: z.literal("preview"), listId: field.text(40), file: field.file() }),
  z.object({
    intent: z.literal("import"),
    listId: field.text(40),
    csv: field.text(CONTACT_IMPORT_MAX_BYTES * 2),
    importId: field.text(40),
    consentSource: field.text(1_000),
    consentConfirmed: field.checkbox(),
  }),
]);

const fileProblem = (words: string) => new AppError("validation_failed", words, { field: "file" });

export async function action({ context, request }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const c = campaignMessages.csv;
  const read = await readForm(request, AudienceForm, { maxBytes: CONTACT_IMPORT_MAX_BYTES * 3 });
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "" },
      words: { too_large: c.tooLarge(CONTACT_IMPORT_MAX_BYTES / 1024) },
    });
  const form = read.data;
  const now = new Date();
  const done = (ok: string) => ({ ok, intent: form.intent, at: now.getTime() });
  try {
    switch (form.intent) {
      case "create-list": {
        const list = await createList(db, { hostId, name: form.name });
        return done(campaignMessages.listCreated(list.name));
      }
      case "delete-list": {
        const list = await deleteList(db, { hostId, listId: form.target });
        return done(campaignMessages.listDeleted(list.name));
      }
      case "preview": {
        const extra = { extra: { intent: "preview" } };
        if (!form.file) {
          // The list is the host's (or this is "no such list") before anything else is said.
          await previewContactImport(db, { hostId, listId: form.listId, text: "", now });
          return actionError(fileProblem(c.noFile), extra);
        }
        if (form.file.size > CONTACT_IMPORT_MAX_BYTES)
          return actionError(fileProblem(c.tooLarge(CONTACT_IMPORT_MAX_BYTES / 1024)), extra);
        const text = await form.file.text();
        if (text.includes("\u0000")) return actionError(fileProblem(c.notCsv), extra);
        const reading = await previewContactImport(db, { hostId, listId: form.listId, text, now });
        if (!reading.ok) return actionError(fileProblem(reading.problem), extra);
        return {
          intent: "preview" as const,
          ...previewAnswer(reading, { listId: form.listId, fileName: form.file.name, text }),
          importId: crypto.randomUUID(),
          consentSource: "",
        };
      }
      case "import": {
        const r = await importContacts(db, {
          hostId,
          listId: form.listId,
          text: form.csv,
          importId: form.importId,
          consentSource: form.consentSource,
          consentConfirmed: form.consentConfirmed,
          importedBy: user.id,
          now,
        });
        return done(c.imported(r.imported, r.already));
      }
    }
  } catch (error) {
    if (form.intent === "import" && error instanceof AppError && error.code === "validation_failed") {
      // The preview and what was typed stay on the page beside the words, so nothing is lost.
      const reading = await previewContactImport(db, { hostId, listId: form.listId, text: form.csv, now }).catch(
        () => null,
      );
      if (reading?.ok && reading.invalid === 0)
        return actionError(error, {
          extra: {
            intent: form.intent,
            ...previewAnswer(reading, { listId: form.listId, fileName: "your file", text: form.csv }),
            importId: form.importId,
            consentSource: form.consentSource,
          },
        });
    }
    return actionError(error, { extra: { intent: form.intent } });
  }
}

function previewAnswer(
  reading: Extract<Awaited<ReturnType<typeof previewContactImport>>, { ok: true }>,
  file: { listId: string; fileName: string; text: string },
) {
  return {
    preview: {
      rows: reading.rows.slice(0, 200).map(({ draft: _, ...row }) => row),
      errors: reading.rows.flatMap((r) => r.errors).slice(0, 50),
      valid: reading.valid,
      invalid: reading.invalid,
    },
    listId: file.listId,
    fileName: file.fileName.slice(0, 200),
    csv: reading.invalid === 0 ? file.text : "",
  };
}

export default function Audiences({ loaderData, actionData }: Route.ComponentProps) {
  const { buyers, optedInBuyers, unsubscribed, lists, open } = loaderData;
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const askFirst = useAskFirst();
  const ok = actionData && "ok" in actionData ? actionData : null;
  const preview = actionData && "preview" in actionData ? actionData : null;
  const refusal = actionData && "error" in actionData ? actionData : null;
  const { formError, fieldErrors } = refusalOf(actionData);
  const refusedAs = (intent: string) => (refusal?.intent === intent ? { formError, fieldErrors } : null);
  const createRefusal = refusedAs("create-list");
  const previewRefusal = refusedAs("preview");
  const chosen = useChosenFileCheck(
    noLargerThan(CONTACT_IMPORT_MAX_BYTES, campaignMessages.csv.tooLarge(CONTACT_IMPORT_MAX_BYTES / 1024)),
  );
  const previewProblem = chosen.problem ?? previewRefusal?.fieldErrors.file ?? previewRefusal?.formError ?? null;
  const importRefusal = refusedAs("import");
  useEffect(() => {
    if (ok) toast.success(ok.ok);
  }, [ok]);

  return (
    <div className="grid grid-cols-1 gap-6 py-6 pb-24 laptop:py-8">
      <div>
        <p className="text-sm">
          <Link to="/h/marketing/email" className="link">
            Email marketing
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Audiences</h1>
        <p className="mt-1 max-w-2xl text-fg-muted">
          Who your campaigns can reach. Everyone here agreed to hear from you; anyone who unsubscribes, from any
          campaign or in their Ticketyboo settings, is left out of every audience from that moment.
        </p>
      </div>
      {ok && !hydrated ? <FormMessage tone="success">{ok.ok}</FormMessage> : null}
      {refusal && !["create-list", "preview", "import"].includes(refusal.intent) ? (
        <FormMessage>{refusal.error}</FormMessage>
      ) : null}

      <section aria-labelledby="buyers-heading" className="card grid grid-cols-1 gap-2 p-5">
        <h2 id="buyers-heading" className="flex items-center gap-2 text-lg font-bold">
          <UserCheck aria-hidden className="size-5 text-brand" /> Past buyers who opted in
        </h2>
        <p className="text-3xl font-extrabold tabular-nums">
          {optedInBuyers} <span className="text-base font-semibold text-fg-muted">of {buyers} buyers</span>
        </p>
        <p className="text-sm text-fg-muted">
          People who bought tickets to your events and ticked "News from venues" in their email preferences. The others
          never get your campaigns.
          {unsubscribed > 0
            ? ` ${unsubscribed} ${unsubscribed === 1 ? "address has" : "addresses have"} unsubscribed from you.`
            : ""}
        </p>
      </section>

      <section aria-labelledby="lists-heading" className="card grid grid-cols-1 gap-4 p-5">
        <h2 id="lists-heading" className="flex items-center gap-2 text-lg font-bold">
          <Users aria-hidden className="size-5 text-brand" /> Your lists
        </h2>
        {lists.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No lists yet. Make one, then import the people who signed up to hear from you, from a CSV file.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Lists">
            {lists.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold [overflow-wrap:anywhere]">{l.name}</p>
                  <p className="text-sm text-fg-muted">
                    {l.contacts} {l.contacts === 1 ? "person" : "people"}
                    {l.reachable < l.contacts ? `, ${l.reachable} reachable (the rest unsubscribed)` : ""}
                  </p>
                </div>
                <Link to={`?list=${l.id}`} className="btn-secondary min-h-10 px-3 text-sm">
                  View<span className="sr-only"> {l.name}</span>
                </Link>
                <Form
                  method="post"
                  onSubmit={askFirst({
                    title: `Delete the list "${l.name}"?`,
                    description:
                      "Its people and the consent they gave go with it. Campaigns already sent keep their figures.",
                    confirmLabel: "Delete",
                  })}
                >
                  <input type="hidden" name="intent" value="delete-list" />
                  <input type="hidden" name="target" value={l.id} />
                  <button type="submit" className="btn-ghost min-h-10 px-3 text-danger" disabled={busy}>
                    <Trash2 aria-hidden className="size-4" />
                    <span className="sr-only">Delete {l.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create-list" />
          <TextField
            className="min-w-0 flex-1"
            label="New list"
            name="name"
            maxLength={LIST_NAME_MAX}
            placeholder="e.g. Newsletter sign-ups"
            error={createRefusal?.fieldErrors.name ?? createRefusal?.formError}
          />
          <button type="submit" className="btn-secondary" disabled={busy}>
            <ListPlus aria-hidden className="size-4" /> Make list
          </button>
        </Form>
      </section>

      {open ? (
        <section aria-labelledby="contacts-heading" className="card grid grid-cols-1 gap-3 p-5">
          <h2 id="contacts-heading" className="text-lg font-bold [overflow-wrap:anywhere]">
            {open.list.name}
          </h2>
          {open.rows.length > 0 ? (
            <p className="text-sm text-fg-muted">
              {(() => {
                const total = lists.find((l) => l.id === open.list.id)?.contacts ?? open.rows.length;
                return total > open.rows.length
                  ? `The first ${open.rows.length} of ${total} people, by email address.`
                  : `${total} ${total === 1 ? "person" : "people"}, by email address.`;
              })()}
            </p>
          ) : null}
          {open.rows.length === 0 ? (
            <p className="text-sm text-fg-muted">No one on this list yet: import a CSV file below.</p>
          ) : (
            <div
              className="overflow-x-auto rounded-xl border border-border"
              tabIndex={0}
              aria-label="People on the list"
            >
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">Each person and how they agreed</caption>
                <thead className="bg-surface-2 text-left text-xs text-fg-muted uppercase">
                  <tr>
                    <th className="px-3 py-2">Email</th>
                    <th className="px-3 py-2">Name</th>
                    <th className="px-3 py-2">Agreed</th>
                    <th className="px-3 py-2">How</th>
                  </tr>
                </thead>
                <tbody>
                  {open.rows.map((r) => (
                    <tr key={r.id} className="border-t border-border">
                      <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.email}</td>
                      <td className="px-3 py-2">{r.name ?? ""}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatNumericDate(r.consentAt)}</td>
                      <td className="px-3 py-2">{r.consentSource}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      <section aria-labelledby="import-heading" className="card grid grid-cols-1 gap-3 p-5">
        <h2 id="import-heading" className="flex items-center gap-2 text-lg font-bold">
          <FileUp aria-hidden className="size-5 text-brand" /> Import people from a CSV file
        </h2>
        <p className="text-sm text-fg-muted">
          Only people who agreed to get your emails. The first line names the columns: Email (needed), Name and
          Consented (the date they agreed, DD/MM/YYYY). Up to {CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-GB")} people
          and {CONTACT_IMPORT_MAX_BYTES / 1024} KB a file. You'll see every line, and say how they agreed, before
          anything is added.
        </p>
        {lists.length === 0 ? (
          <p className="text-sm font-medium">Make a list first.</p>
        ) : (
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
            onSubmit={chosen.clear}
          >
            <input type="hidden" name="intent" value="preview" />
            <div className="w-full min-w-0 mobile:w-auto">
              <label htmlFor="import-list" className="block text-sm font-medium">
                Into list
              </label>
              <select
                id="import-list"
                name="listId"
                defaultValue={open?.list.id ?? lists[0]?.id}
                className="mt-1 h-11 w-full max-w-full rounded-xl border border-border bg-surface px-3 text-fg"
              >
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="w-full min-w-0 mobile:w-auto">
              <label htmlFor="import-file" className="block text-sm font-medium">
                CSV file
              </label>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".csv,text/csv"
                aria-invalid={previewProblem ? true : undefined}
                aria-describedby={previewProblem ? "import-error" : undefined}
                onChange={chosen.onChange}
                className="mt-1 block max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-surface-2
                  file:px-4 file:py-2 file:font-semibold"
              />
            </div>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Preview
            </button>
          </Form>
        )}
        {previewProblem ? <FormMessage id="import-error">{previewProblem}</FormMessage> : null}
        {preview ? <ImportPreview answer={preview} busy={busy} refusal={importRefusal} /> : null}
        {!preview && importRefusal ? <FormMessage>{refusal?.error}</FormMessage> : null}
      </section>
    </div>
  );
}

interface PreviewAnswer {
  preview: {
    rows: { line: number; email: string; name: string; consentAt: string; errors: string[] }[];
    errors: string[];
    valid: number;
    invalid: number;
  };
  listId: string;
  fileName: string;
  csv: string;
  importId: string;
  consentSource: string;
}

function ImportPreview({
  answer,
  busy,
  refusal,
}: {
  answer: PreviewAnswer;
  busy: boolean;
  refusal: { formError: string | null; fieldErrors: Record<string, string> } | null;
}) {
  const { rows, errors, valid, invalid } = answer.preview;
  const c = campaignMessages.csv;
  return (
    <div className="mt-2 grid grid-cols-1 gap-3 border-t border-border pt-4">
      <h3 className="font-bold [overflow-wrap:anywhere]">Preview of {answer.fileName}</h3>
      {invalid > 0 ? (
        <>
          <FormMessage>{c.problems(invalid)}</FormMessage>
          <ul className="list-disc pl-5 text-sm text-danger" aria-label="Problems in the file">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status" className="text-sm font-medium">
          {c.ready(valid)}
        </p>
      )}
      <div
        className="max-h-80 overflow-auto rounded-xl border border-border"
        tabIndex={0}
        aria-label="Lines of the file"
      >
        <table className="w-full min-w-[30rem] text-sm">
          <caption className="sr-only">Each line of the file</caption>
          <thead className="sticky top-0 bg-surface text-left text-xs text-fg-muted uppercase">
            <tr>
              <th className="px-3 py-2">Line</th>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Consented</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className={`border-t border-border ${r.errors.length > 0 ? "text-danger" : ""}`}>
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.email}</td>
                <td className="px-3 py-2">{r.name}</td>
                <td className="px-3 py-2">{r.consentAt || "Today"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {invalid === 0 ? (
        <Form method="post" className="grid grid-cols-1 gap-3">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="listId" value={answer.listId} />
          <input type="hidden" name="csv" value={answer.csv} />
          <input type="hidden" name="importId" value={answer.importId} />
          {refusal?.formError && !refusal.fieldErrors.consentSource && !refusal.fieldErrors.consentConfirmed ? (
            <FormMessage>{refusal.formError}</FormMessage>
          ) : null}
          <TextField
            label="How did these people agree to hear from you?"
            name="consentSource"
            defaultValue={answer.consentSource}
            maxLength={CONSENT_SOURCE_MAX}
            placeholder="e.g. Ticked “email me about gigs” on our sign-up sheet at the door"
            hint="Kept with each person, with the date they agreed and who imported them."
            error={refusal?.fieldErrors.consentSource}
          />
          <CheckboxField
            name="consentConfirmed"
            label={<span className="font-medium">Everyone in this file agreed to get emails from us</span>}
            error={refusal?.fieldErrors.consentConfirmed}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              Import {valid} {valid === 1 ? "person" : "people"}
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
