import { Form } from "react-router";
import { z } from "zod";
import { formatTimestamp } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { listMessages, setMessageHandled, type MessageBox, type MessageState } from "~/services/staff-inbox";
import { EmptyList, StaffHeading, StateTabs, useActionToast } from "~/web/components/admin/staff-ui";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { actionError } from "~/web/lib/action-error";
import { staffActor, staffAnswer } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/messages";

/**
 * Two sections of the console from one page: /admin/feedback (feedback, bug reports and support
 * requests from signed-in people) and /admin/contact-messages (the public contact form's).
 */
const BOXES = {
  feedback: {
    path: "/admin/feedback",
    title: "Feedback and bug reports",
    intro: "Feedback, bug reports and support requests from signed-in people, newest first.",
    empty: { open: "Nothing waiting: every message has been handled.", handled: "Nothing handled yet." },
  },
  contact: {
    path: "/admin/contact-messages",
    title: "Contact messages",
    intro: "Messages from the contact form, from anyone, newest first. Reply by email to the address given.",
    empty: { open: "No contact messages waiting.", handled: "No contact messages handled yet." },
  },
} as const;

const boxOf = (request: Request): MessageBox =>
  new URL(request.url).pathname.replace(/\/$/, "") === BOXES.contact.path ? "contact" : "feedback";

export const handle = { title: "Messages" };
export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData ? BOXES[loaderData.box].title : "Messages";
  return [
    { title: `${title} · Staff console · Ticketyboo` },
    { name: "description", content: "What people have sent the Ticketyboo team." },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  staffActor(context);
  const box = boxOf(request);
  const query = new URL(request.url).searchParams;
  const state: MessageState = query.get("state") === "handled" ? "handled" : "open";
  const page = pageParam(query.get("page"));
  const list = await listMessages(context.database.db, { box, state, page });
  return {
    box,
    state,
    ...list,
    rows: list.rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      sentLabel: formatTimestamp(m.createdAt),
      handledLabel: m.handledAt ? formatTimestamp(m.handledAt) : null,
      postedToChat: m.postedToChatAt !== null,
    })),
  };
}

const HandleForm = z.object({
  intent: z.enum(["handle", "reopen"]),
  id: z.string().refine(isUuid, "Choose a message."),
});

export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const form = await readForm(request, HandleForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const } });
  const { intent, id } = form.data;
  const handled = intent === "handle";
  return staffAnswer(
    () => setMessageHandled(context.database.db, actor, { box: boxOf(request), id, handled }, new Date()),
    handled ? "Marked handled." : "Back in the open list.",
  );
}

const KIND_LABELS = { feedback: "Feedback", bug: "Bug report", support: "Support request", contact: "Contact" };

export default function StaffMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { box, state, rows, total, page, pageCount } = loaderData;
  const about = BOXES[box];
  useActionToast(actionData);
  const at = (s: MessageState, p = 1) => `${about.path}?state=${s}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <>
      <StaffHeading title={about.title}>{about.intro}</StaffHeading>
      <StateTabs
        label="Which messages"
        tabs={[
          { label: "Open", to: at("open"), active: state === "open" },
          { label: "Handled", to: at("handled"), active: state === "handled" },
        ]}
      />
      {total === 0 ? (
        <EmptyList>{about.empty[state]}</EmptyList>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((m) => (
            <li key={m.id} className="card p-4">
              <article aria-label={`${KIND_LABELS[m.kind]} from ${m.name}`}>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
                  <span className="rounded-full bg-surface-2 px-2 py-0.5 font-semibold text-fg">
                    {KIND_LABELS[m.kind]}
                  </span>
                  <span>{m.sentLabel}</span>
                  {m.postedToChat ? <span>posted to team chat</span> : null}
                  {m.handledLabel ? <span>handled {m.handledLabel}</span> : null}
                </p>
                <h2 className="mt-2 font-semibold break-words">{m.subject ?? "(no subject)"}</h2>
                <p className="text-sm break-words">
                  {m.name} ·{" "}
                  <a href={`mailto:${m.email}`} className="link">
                    {m.email}
                  </a>
                </p>
                <p className="mt-2 text-sm break-words whitespace-pre-line text-fg-muted">{m.message}</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={m.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={state === "open" ? "handle" : "reopen"}
                    className="btn-secondary"
                  >
                    {state === "open" ? "Mark handled" : "Reopen"}
                  </button>
                </Form>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => at(state, p)} label="Message pages" />
    </>
  );
}
