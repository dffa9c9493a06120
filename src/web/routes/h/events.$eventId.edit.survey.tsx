import { ArrowDown, ArrowUp, ClipboardList, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { QUESTIONS_MAX, QuestionForm, questionDraftFrom, typedQuestion } from "~/domain/event-questions";
import { field, readForm } from "~/lib/read-form";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { addQuestion, moveQuestion, removeQuestion, studioSurvey, updateQuestion } from "~/services/event-survey";
import { NEW_QUESTION, QuestionFields, questionValues } from "~/web/components/studio/question-fields";
import { FormMessage } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError } from "~/web/lib/action-error";
import { refusalFor } from "~/web/lib/refusal-for";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/events.$eventId.edit.survey";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Survey · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "The questions buyers answer when they book this event." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const questions = await loaded(studioSurvey(context.database.db, { hostId, eventId: params.eventId }));
  return { questions };
}

const Target = { target: field.text(40) };

/** The survey's forms, one per intent; `target` is the question each acts on. */
const SurveyForm = z.discriminatedUnion("intent", [
  QuestionForm.extend({ intent: z.literal("add"), ...Target }),
  QuestionForm.extend({ intent: z.literal("update"), ...Target }),
  z.object({ intent: z.literal("remove"), ...Target }),
  z.object({ intent: z.literal("move"), ...Target, by: z.enum(["up", "down"]) }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const eventId = params.eventId;
  const read = await readForm(request, SurveyForm);
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "", target: read.values.target ?? "", values: read.values },
    });
  const form = read.data;
  const done = (ok: string) => ({ ok, intent: form.intent, target: form.target, at: Date.now() });
  const s = studioTicketMessages.survey;
  try {
    switch (form.intent) {
      case "add":
        await addQuestion(db, { hostId, eventId, draft: questionDraftFrom(form) });
        return done(s.added);
      case "update":
        await updateQuestion(db, { hostId, eventId, questionId: form.target, draft: questionDraftFrom(form) });
        return done(s.saved);
      case "remove":
        await removeQuestion(db, { hostId, eventId, questionId: form.target });
        return done(s.removed);
      case "move":
        await moveQuestion(db, { hostId, eventId, questionId: form.target, by: form.by === "up" ? -1 : 1 });
        return done(s.moved);
    }
  } catch (error) {
    const values = form.intent === "add" || form.intent === "update" ? typedQuestion(form) : null;
    return actionError(error, { extra: { intent: form.intent, target: form.target, values } });
  }
}

export default function EventSurvey({ loaderData, actionData }: Route.ComponentProps) {
  const { questions } = loaderData;
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const askFirst = useAskFirst();
  const ok = actionData && "ok" in actionData ? actionData : null;
  const full = questions.length >= QUESTIONS_MAX;
  const addRefused = refusalFor(actionData, "add", "new");

  useEffect(() => {
    if (ok) toast.success(ok.ok);
    else if (actionData && "error" in actionData)
      document.querySelector<HTMLElement>("main [aria-invalid=true]")?.focus();
  }, [actionData, ok]);

  // Every form of the page (each row's, and the one that adds): leaving asks when any has changes.
  const formsRef = useRef<HTMLElement>(null);
  useUnsavedChanges(formsRef);
  return (
    <section ref={formsRef} aria-labelledby="survey-heading" className="flex flex-col gap-4">
      {ok && !hydrated ? <FormMessage tone="success">{ok.ok}</FormMessage> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="survey-heading" className="flex items-center gap-2 text-xl font-bold">
          <ClipboardList aria-hidden className="size-5 text-brand" /> Questions at checkout
        </h2>
        <p className="text-sm text-fg-muted">
          {questions.length} of {QUESTIONS_MAX}
        </p>
      </div>
      <p className="max-w-2xl text-sm text-fg-muted">
        Buyers answer these before they pay, and their answers are kept with each order. Changing or removing a question
        later never changes answers already given.
      </p>

      {questions.length === 0 ? (
        <p className="card p-6 text-center text-sm text-fg-muted">
          No questions yet: checkout asks nothing extra. Add one below, such as dietary or access needs.
        </p>
      ) : (
        <ol className="flex flex-col gap-4">
          {questions.map((q, i) => {
            const editRefused = refusalFor(actionData, "update", q.id);
            const rowRefusal = refusalFor(actionData, "remove", q.id) ?? refusalFor(actionData, "move", q.id);
            const saved = ok && ok.target === q.id ? ok.at : 0;
            return (
              <li key={q.id} className="card p-5">
                <h3 className="text-lg font-bold break-words">{q.label}</h3>
                <p className="mt-1 text-sm text-fg-muted">
                  {q.kind === "choice" ? "One of the options" : "A short answer"} ·{" "}
                  {q.required ? "Must be answered" : "Optional"}
                </p>
                {q.kind === "choice" ? (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Options for ${q.label}`}>
                    {(q.options ?? []).map((o) => (
                      <li key={o} className="rounded-full bg-surface-2 px-3 py-1 text-sm break-words">
                        {o}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <FormMessage className="mt-3">{rowRefusal?.error}</FormMessage>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  <Form method="post" className="contents">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="target" value={q.id} />
                    <button
                      type="submit"
                      name="by"
                      value="up"
                      className="btn-secondary min-h-10 px-3"
                      disabled={busy || i === 0}
                      aria-label={`Move "${q.label}" up`}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </button>
                    <button
                      type="submit"
                      name="by"
                      value="down"
                      className="btn-secondary min-h-10 px-3"
                      disabled={busy || i === questions.length - 1}
                      aria-label={`Move "${q.label}" down`}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </button>
                  </Form>
                  <Form
                    method="post"
                    onSubmit={askFirst({
                      title: "Remove this question?",
                      description: "Buyers won't be asked it any more. Answers already given stay with their orders.",
                      confirmLabel: "Remove",
                    })}
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="target" value={q.id} />
                    <button type="submit" className="btn-ghost min-h-10 text-danger" disabled={busy}>
                      <Trash2 aria-hidden className="size-4" /> Remove<span className="sr-only"> “{q.label}”</span>
                    </button>
                  </Form>
                </div>
                <details key={saved} open={Boolean(editRefused)} className="mt-4 border-t border-border pt-4">
                  <summary className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
                    <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> “{q.label}”</span>
                  </summary>
                  <Form
                    method="post"
                    noValidate
                    className="mt-4 flex flex-col gap-4"
                    aria-label={`Edit question ${i + 1}`}
                  >
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="target" value={q.id} />
                    <FormMessage>{editRefused?.formError}</FormMessage>
                    <QuestionFields
                      values={editRefused?.values ?? questionValues(q)}
                      errors={editRefused?.fieldErrors ?? {}}
                    />
                    <div>
                      <button type="submit" className="btn-primary" disabled={busy}>
                        Save question
                      </button>
                    </div>
                  </Form>
                </details>
              </li>
            );
          })}
        </ol>
      )}

      {full ? (
        <p role="status" className="card p-4 text-sm font-medium">
          {studioTicketMessages.survey.maximum(QUESTIONS_MAX)}
        </p>
      ) : (
        <section aria-labelledby="add-question-heading" className="card p-5">
          <h3 id="add-question-heading" className="flex items-center gap-2 text-lg font-bold">
            <Plus aria-hidden className="size-5 text-brand" /> Add a question
          </h3>
          <Form
            key={ok?.intent === "add" ? ok.at : "add"}
            method="post"
            noValidate
            className="mt-4 flex flex-col gap-4"
            aria-label="Add a question"
          >
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="target" value="new" />
            <FormMessage>{addRefused?.formError}</FormMessage>
            <QuestionFields values={addRefused?.values ?? NEW_QUESTION} errors={addRefused?.fieldErrors ?? {}} />
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                <Plus aria-hidden className="size-4" /> Add question
              </button>
            </div>
          </Form>
        </section>
      )}
    </section>
  );
}
