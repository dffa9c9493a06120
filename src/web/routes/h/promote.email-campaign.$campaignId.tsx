import { ArrowDown, ArrowUp, CalendarClock, Eye, Plus, Send, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { BLOCK_KINDS, type BlockKind, type CampaignBlock } from "~/domain/campaigns";
import { AppError } from "~/lib/app-error";
import { formatEventDateTime, formatTimestamp } from "~/lib/format";
import { londonDateTimeFromForm, londonHhMm, londonYmd } from "~/lib/london-time";
import { field, readForm } from "~/lib/read-form";
import { campaignMessages } from "~/texts/campaign-messages";
import {
  type BlockEdit,
  campaignEditor,
  campaignFigures,
  deleteCampaign,
  previewCampaign,
  saveCampaign,
  scheduleCampaign,
  sendTestCampaign,
  unscheduleCampaign,
} from "~/services/email-campaigns";
import { CampaignFigures, CampaignStatus, campaignWhen } from "~/web/components/studio/campaign-status";
import { DateTimeField } from "~/web/components/studio/date-time-field";
import { CheckboxField, FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/promote.email-campaign.$campaignId";

export const handle = { title: "Email campaign" };
export const meta: Route.MetaFunction = () => [
  { title: "Email campaign · Partner Studio · Ticketyboo" },
  { name: "description", content: "An email campaign: its message, its audience and how it was received." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const now = new Date();
  const campaignId = params.campaignId;
  const editor = await loaded(campaignEditor(db, { hostId, campaignId, now }));
  const [preview, figures] = await Promise.all([
    previewCampaign(db, {
      hostId,
      campaignId,
      to: user.email,
      links: context.unsubscribe.campaign,
      mailer: context.mailer,
      publicUrl: context.publicUrl,
      now,
    }),
    campaignFigures(db, { hostId, campaignId }),
  ]);
  const c = editor.campaign;
  return {
    campaign: {
      id: c.id,
      subject: c.subject,
      previewText: c.previewText,
      blocks: c.blocks,
      toBuyers: c.toBuyers,
      listIds: c.listIds,
      status: c.status,
      scheduledAt: c.scheduledAt,
      finishedAt: c.finishedAt,
      version: c.updatedAt.getTime(),
    },
    events: editor.events.map((e) => ({ id: e.id, label: `${e.name} · ${formatEventDateTime(e.startsAt)}` })),
    lists: editor.lists,
    reach: editor.reach,
    problems: Object.values(editor.problems),
    previewHtml: preview.html,
    me: user.email,
    figures,
    suggested: { date: londonYmd(new Date(now.getTime() + 86_400_000)), time: londonHhMm(now) },
  };
}

const INTENT = /^(save|test|schedule|send-now|delete|unschedule|add:[a-z]+|(remove|up|down):\d{1,2})$/;

const EditorForm = z.object({
  intent: z.string().regex(INTENT),
  subject: field.text(400),
  previewText: field.text(600),
  blockKind: field.list(z.string().max(10), 25),
  blockText: field.list(z.string().max(6_000), 25),
  blockUrl: field.list(z.string().max(2_100), 25),
  blockLabel: field.list(z.string().max(300), 25),
  blockEvent: field.list(z.string().max(40), 25),
  toBuyers: field.checkbox(),
  listIds: field.list(z.string().max(40), 100),
  sendAtDate: field.text(20),
  sendAtTime: field.text(10),
});

function editOf(intent: string): BlockEdit | undefined {
  const [op, arg = ""] = intent.split(":");
  if (op === "add" && (BLOCK_KINDS as readonly string[]).includes(arg)) return { op, kind: arg as BlockKind };
  if (op === "remove" || op === "up" || op === "down") return { op, index: Number(arg) };
  return undefined;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const campaignId = params.campaignId;
  const read = await readForm(request, EditorForm, { maxBytes: 256 * 1024 });
  if (!read.ok) return actionError(read.error, { extra: { intent: read.values.intent ?? "" } });
  const form = read.data;
  const now = new Date();
  const m = campaignMessages;
  const done = (ok: string | null) => ({ ok, intent: form.intent, at: now.getTime() });
  try {
    if (form.intent === "delete") {
      await deleteCampaign(db, { hostId, campaignId });
      throw redirect("/h/marketing/email");
    }
    if (form.intent === "unschedule") {
      await unscheduleCampaign(db, { hostId, campaignId, now });
      return done(m.unscheduled);
    }
    const blocks = form.blockKind.map((kind, i) => ({
      kind,
      text: form.blockText[i] ?? "",
      url: form.blockUrl[i] ?? "",
      label: form.blockLabel[i] ?? "",
      eventId: form.blockEvent[i] ?? "",
    }));
    await saveCampaign(db, {
      hostId,
      campaignId,
      subject: form.subject,
      previewText: form.previewText,
      blocks,
      toBuyers: form.toBuyers,
      listIds: form.listIds,
      edit: editOf(form.intent),
      now,
    });
    switch (form.intent) {
      case "save":
        return done(m.saved);
      case "test": {
        const sent = await sendTestCampaign(db, {
          hostId,
          campaignId,
          to: user.email,
          userId: user.id,
          links: context.unsubscribe.campaign,
          mailer: context.mailer,
          throttle: context.throttle,
          publicUrl: context.publicUrl,
          now,
        });
        return done(m.testSent(sent.to));
      }
      case "schedule": {
        const when = londonDateTimeFromForm(form.sendAtDate, form.sendAtTime);
        if (!when.ok || !when.at)
          throw new AppError("validation_failed", m.fields.scheduleRequired, { field: "sendAt" });
        const { at } = await scheduleCampaign(db, { hostId, campaignId, at: when.at, now, by: user.id });
        return done(m.scheduled(formatTimestamp(at)));
      }
      case "send-now":
        await scheduleCampaign(db, { hostId, campaignId, at: null, now, by: user.id });
        return done(m.sendingNow);
      default:
        return done(null);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionError(error, { extra: { intent: form.intent } });
  }
}

const BLOCK_NAMES: Record<BlockKind, string> = {
  heading: "Heading",
  text: "Text",
  button: "Button",
  image: "Picture",
  event: "Event card",
};

export default function CampaignEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, figures } = loaderData;
  const ok = actionData && "ok" in actionData ? actionData : null;
  const hydrated = useHydrated();
  useEffect(() => {
    if (ok?.ok) toast.success(ok.ok);
  }, [ok]);
  return (
    <div className="py-6 pb-24 laptop:py-8">
      <p className="text-sm">
        <Link to="/h/marketing/email" className="link">
          All campaigns
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">
          {campaign.subject || "Untitled campaign"}
        </h1>
        <CampaignStatus status={campaign.status} />
      </div>
      <p className="mt-1 text-fg-muted">{campaignWhen(campaign)}</p>
      {ok?.ok && !hydrated ? (
        <FormMessage tone="success" className="mt-3">
          {ok.ok}
        </FormMessage>
      ) : null}
      {campaign.status === "draft" ? (
        <DraftEditor loaderData={loaderData} actionData={actionData} />
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_minmax(0,34rem)]">
          <section
            aria-labelledby="results-heading"
            className="card grid grid-cols-1 content-start gap-4 self-start p-5"
          >
            <h2 id="results-heading" className="text-lg font-bold">
              {campaign.status === "scheduled" ? "Scheduled" : "Results"}
            </h2>
            {campaign.status === "scheduled" ? (
              <>
                <p className="text-fg-muted">
                  It goes to the people in its audience at that time: anyone who unsubscribes before then is left out.
                  About {loaderData.reach} {loaderData.reach === 1 ? "person" : "people"} today.
                </p>
                <Form method="post">
                  <button type="submit" name="intent" value="unschedule" className="btn-secondary">
                    Unschedule and edit
                  </button>
                </Form>
              </>
            ) : (
              <>
                <CampaignFigures
                  sent={figures.sent}
                  opened={figures.opened}
                  clicked={figures.clicked}
                  bounced={figures.bounced}
                />
                <p className="text-sm text-fg-muted">
                  {figures.recipients} in the audience
                  {figures.skipped > 0
                    ? `, ${figures.skipped} left out because they unsubscribed or withdrew consent`
                    : ""}
                  . Opens are a rough guide: some mail apps load every picture in advance and others never do, so we
                  count only the first open and keep nothing else about it.
                </p>
              </>
            )}
          </section>
          <Preview html={loaderData.previewHtml} />
        </div>
      )}
    </div>
  );
}

function Preview({ html }: { html: string }) {
  return (
    <section
      id="preview"
      aria-labelledby="preview-heading"
      className="grid grid-cols-1 scroll-mt-20 content-start gap-2"
    >
      <h2 id="preview-heading" className="flex items-center gap-2 text-lg font-bold">
        <Eye aria-hidden className="size-5 text-brand" /> Preview
      </h2>
      <iframe
        title="Email preview"
        srcDoc={html}
        sandbox=""
        className="h-[40rem] w-full rounded-2xl border border-border bg-white"
      />
    </section>
  );
}

function DraftEditor({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { campaign, events, lists, reach, problems, me, suggested } = loaderData;
  const { formError, fieldErrors } = refusalOf(actionData);
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const key = campaign.version;
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 laptop:grid-cols-[minmax(0,1fr)_minmax(0,34rem)]">
      <Form
        ref={formRef}
        method="post"
        className="grid grid-cols-1 min-w-0 content-start gap-5"
        onSubmit={askFirst((_form, button) =>
          button?.value === "send-now"
            ? {
                title: `Send to ${reach} ${reach === 1 ? "person" : "people"} now?`,
                description: "It starts going out within a minute, in batches. You can't take it back.",
                confirmLabel: "Send now",
              }
            : null,
        )}
      >
        {/* Enter in a field saves the draft, whatever button comes first below. */}
        <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1}>
          Save draft
        </button>
        {formError ? <FormMessage>{formError}</FormMessage> : null}
        <section aria-labelledby="message-heading" className="card grid grid-cols-1 gap-4 p-5">
          <h2 id="message-heading" className="text-lg font-bold">
            Message
          </h2>
          <TextField
            key={`subject-${key}`}
            label="Subject"
            name="subject"
            defaultValue={campaign.subject}
            maxLength={150}
            error={fieldErrors.subject}
          />
          <TextField
            key={`preview-${key}`}
            label="Preview text"
            aside="(optional)"
            name="previewText"
            defaultValue={campaign.previewText}
            maxLength={200}
            hint="Most inboxes show it after the subject."
            error={fieldErrors.previewText}
          />
        </section>

        <section aria-labelledby="blocks-heading" className="card grid grid-cols-1 gap-4 p-5">
          <h2 id="blocks-heading" className="text-lg font-bold">
            Blocks
          </h2>
          {fieldErrors.blocks ? <FormMessage>{fieldErrors.blocks}</FormMessage> : null}
          {campaign.blocks.length === 0 ? <p className="text-sm text-fg-muted">No blocks yet: add one below.</p> : null}
          <ol className="grid grid-cols-1 gap-3">
            {campaign.blocks.map((block, i) => (
              <BlockFields
                key={`${key}-${i}`}
                block={block}
                index={i}
                last={i === campaign.blocks.length - 1}
                events={events}
                errors={fieldErrors}
                busy={busy}
              />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Add a block">
            {BLOCK_KINDS.map((kind) => (
              <button
                key={kind}
                type="submit"
                name="intent"
                value={`add:${kind}`}
                className="btn-secondary min-h-10 px-3 text-sm"
                disabled={busy || campaign.blocks.length >= 20}
              >
                <Plus aria-hidden className="size-4" /> {BLOCK_NAMES[kind]}
              </button>
            ))}
          </div>
          {events.length === 0 ? (
            <p className="text-sm text-fg-muted">
              Event cards show your published events that haven't ended yet: you have none right now.
            </p>
          ) : null}
        </section>

        <section aria-labelledby="audience-heading" className="card grid grid-cols-1 gap-3 p-5">
          <h2 id="audience-heading" className="text-lg font-bold">
            Who gets it
          </h2>
          {fieldErrors.audience ? <FormMessage>{fieldErrors.audience}</FormMessage> : null}
          <CheckboxField
            key={`buyers-${key}`}
            name="toBuyers"
            defaultChecked={campaign.toBuyers}
            label={<span className="font-medium">Past buyers who opted in</span>}
            hint="People who bought tickets to your events and allow emails from venues and hosts they've booked with."
          />
          {lists.map((l) => (
            <CheckboxField
              key={`${l.id}-${key}`}
              name="listIds"
              value={l.id}
              defaultChecked={campaign.listIds.includes(l.id)}
              label={<span className="font-medium">List: {l.name}</span>}
            />
          ))}
          <p className="text-sm text-fg-muted">
            Right now this reaches {reach} {reach === 1 ? "person" : "people"} (as saved). Anyone who unsubscribes is
            left out, even after you press send.{" "}
            <Link to="/h/marketing/email/recipients" className="link">
              Audiences and lists
            </Link>
          </p>
        </section>

        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            Save draft
          </button>
          <button type="submit" name="intent" value="test" className="btn-secondary" disabled={busy}>
            <Send aria-hidden className="size-4" /> Send a test to {me}
          </button>
          <a href="#preview" className="btn-ghost laptop:hidden">
            <Eye aria-hidden className="size-4" /> See the preview
          </a>
        </div>

        <section aria-labelledby="send-heading" className="card grid grid-cols-1 gap-4 p-5">
          <h2 id="send-heading" className="flex items-center gap-2 text-lg font-bold">
            <CalendarClock aria-hidden className="size-5 text-brand" /> Send
          </h2>
          {problems.length > 0 ? (
            <div className="text-sm">
              <p className="font-medium">Before it can go out:</p>
              <ul className="mt-1 list-disc pl-5 text-fg-muted">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <DateTimeField
            legend="Send at (London time)"
            name="sendAt"
            date={suggested.date}
            time={suggested.time}
            error={fieldErrors.sendAt}
            hint="A time in the future, 24-hour clock."
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="schedule" className="btn-primary" disabled={busy}>
              <CalendarClock aria-hidden className="size-4" /> Schedule
            </button>
            <button type="submit" name="intent" value="send-now" className="btn-secondary" disabled={busy}>
              <Send aria-hidden className="size-4" /> Send now
            </button>
          </div>
        </section>

        <div>
          <button
            type="submit"
            name="intent"
            value="delete"
            formNoValidate
            className="btn-ghost text-danger"
            disabled={busy}
          >
            <Trash2 aria-hidden className="size-4" /> Delete draft
          </button>
        </div>
      </Form>
      <Preview html={loaderData.previewHtml} />
    </div>
  );
}

function BlockFields({
  block,
  index,
  last,
  events,
  errors,
  busy,
}: {
  block: CampaignBlock;
  index: number;
  last: boolean;
  events: { id: string; label: string }[];
  errors: Record<string, string>;
  busy: boolean;
}) {
  const at = (f: string) => errors[`block.${index}.${f}`];
  const name = BLOCK_NAMES[block.kind];
  const hidden = (n: string, v: string) => <input type="hidden" name={n} value={v} />;
  return (
    <li className="rounded-xl border border-border p-4">
      <fieldset className="grid grid-cols-1 min-w-0 gap-3">
        <legend className="text-sm font-bold">
          {index + 1}. {name}
        </legend>
        {hidden("blockKind", block.kind)}
        {block.kind === "heading" ? (
          <>
            <TextField label="Heading" name="blockText" defaultValue={block.text} maxLength={150} error={at("text")} />
            {hidden("blockUrl", "")}
            {hidden("blockLabel", "")}
            {hidden("blockEvent", "")}
          </>
        ) : null}
        {block.kind === "text" ? (
          <>
            <TextAreaField
              label="Text"
              name="blockText"
              defaultValue={block.text}
              rows={5}
              maxLength={5000}
              hint="A blank line starts a new paragraph."
              error={at("text")}
            />
            {hidden("blockUrl", "")}
            {hidden("blockLabel", "")}
            {hidden("blockEvent", "")}
          </>
        ) : null}
        {block.kind === "button" ? (
          <>
            {hidden("blockText", "")}
            <TextField
              label="Button words"
              name="blockLabel"
              defaultValue={block.label}
              maxLength={40}
              error={at("label")}
            />
            <TextField
              label="Link"
              name="blockUrl"
              type="url"
              inputMode="url"
              defaultValue={block.url}
              placeholder="https://"
              error={at("url")}
            />
            {hidden("blockEvent", "")}
          </>
        ) : null}
        {block.kind === "image" ? (
          <>
            {hidden("blockText", "")}
            <TextField
              label="Picture address"
              name="blockUrl"
              type="url"
              inputMode="url"
              defaultValue={block.url}
              placeholder="https://"
              hint="A picture already online (https), at least 600 pixels wide."
              error={at("url")}
            />
            <TextField
              label="Description"
              name="blockLabel"
              defaultValue={block.alt}
              maxLength={200}
              hint="For people who can't see pictures."
              error={at("label")}
            />
            {hidden("blockEvent", "")}
          </>
        ) : null}
        {block.kind === "event" ? (
          <>
            {hidden("blockText", "")}
            {hidden("blockUrl", "")}
            {hidden("blockLabel", "")}
            <EventChoice index={index} value={block.eventId} events={events} error={at("eventId")} />
          </>
        ) : null}
        <div className="flex flex-wrap gap-1">
          <button
            type="submit"
            name="intent"
            value={`up:${index}`}
            className="btn-ghost min-h-10 px-3 text-sm"
            disabled={busy || index === 0}
          >
            <ArrowUp aria-hidden className="size-4" /> Up
            <span className="sr-only">
              {" "}
              ({name} {index + 1})
            </span>
          </button>
          <button
            type="submit"
            name="intent"
            value={`down:${index}`}
            className="btn-ghost min-h-10 px-3 text-sm"
            disabled={busy || last}
          >
            <ArrowDown aria-hidden className="size-4" /> Down
            <span className="sr-only">
              {" "}
              ({name} {index + 1})
            </span>
          </button>
          <button
            type="submit"
            name="intent"
            value={`remove:${index}`}
            className="btn-ghost min-h-10 px-3 text-sm text-danger"
            disabled={busy}
          >
            <Trash2 aria-hidden className="size-4" /> Remove
            <span className="sr-only">
              {" "}
              ({name} {index + 1})
            </span>
          </button>
        </div>
      </fieldset>
    </li>
  );
}

function EventChoice({
  index,
  value,
  events,
  error,
}: {
  index: number;
  value: string;
  events: { id: string; label: string }[];
  error?: string;
}) {
  const id = `block-${index}-event`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Event
      </label>
      <select
        id={id}
        name="blockEvent"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand
          focus:outline-none aria-[invalid=true]:border-danger"
      >
        <option value="">Choose an event</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          The card shows its picture, date, venue and price from, and links to its page.
        </p>
      )}
    </div>
  );
}
