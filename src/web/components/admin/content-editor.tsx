import { ExternalLink, ImageIcon, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import {
  CONTENT_BODY_MAX,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_KIND_INFO,
  CONTENT_SLUG_MAX,
  CONTENT_TITLE_MAX,
  CONTENT_TOPIC_MAX,
  contentPostPath,
  type ContentKind,
  type ContentStatus,
} from "~/domain/content-posts";
import { IMAGE_ACCEPT } from "~/domain/image-rules";
import { ImagePicker } from "~/web/components/image-picker";
import { FieldErrorCount, FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { judgeImageFile, useChosenFileCheck } from "~/web/lib/use-chosen-file";
import { useHydrated } from "~/web/lib/use-hydrated";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { mediaPath } from "~/web/lib/images";

export interface ContentEditorValues {
  title: string;
  slug: string;
  description: string;
  topic: string;
  body: string;
}

const NO_VALUES: ContentEditorValues = { title: "", slug: "", description: "", topic: "", body: "" };

/** What the form shows: what was sent when a save was refused (or a preview asked for), else what is saved. */
export function editorValues(
  sent: Record<string, string> | null | undefined,
  saved: ContentEditorValues = NO_VALUES,
): ContentEditorValues {
  if (!sent) return saved;
  return {
    title: sent.title ?? "",
    slug: sent.slug ?? "",
    description: sent.description ?? "",
    topic: sent.topic ?? "",
    body: sent.body ?? "",
  };
}

export interface ContentEditorProps {
  /** Null for a new post. */
  postId: string | null;
  kind: ContentKind;
  status: ContentStatus;
  /** The address as saved (for the "view on the site" link of a published post). */
  savedSlug: string | null;
  headerImage: string | null;
  values: ContentEditorValues;
  topics: string[];
  /** The body as readers will see it, rendered by the server's renderer. */
  previewHtml: string;
  formError: string | null;
  fieldErrors: Record<string, string>;
}

/**
 * The staff console's editor for one post: its words, its header picture and a markdown body
 * with a live preview drawn by the server's own renderer (so what staff see is what readers get).
 * Without JavaScript it is a plain form whose 'Update preview' button asks the server to render.
 */
export function ContentEditor(props: ContentEditorProps) {
  const { postId, kind, status, values, fieldErrors } = props;
  const info = CONTENT_KIND_INFO[kind];
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const preview = useLivePreview(props.previewHtml);
  const topicsId = useId();
  const errorCount = Object.keys(fieldErrors).length;

  useEffect(() => {
    if (errorCount > 0) document.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errorCount, fieldErrors]);

  /** Puts markdown where the cursor is in the body (a picture just uploaded), and redraws the preview. */
  const insertIntoBody = (text: string) => {
    const area = formRef.current?.elements.namedItem("body");
    if (!(area instanceof HTMLTextAreaElement)) return;
    const at = area.selectionStart ?? area.value.length;
    const before = area.value.slice(0, at);
    const after = area.value.slice(area.selectionEnd ?? at);
    const gapBefore = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    area.value = `${before}${gapBefore}${text}\n\n${after}`;
    area.focus();
    area.selectionStart = area.selectionEnd = (before + gapBefore + text).length + 2;
    area.dispatchEvent(new Event("input", { bubbles: true }));
    preview.refresh(area.value);
  };

  const published = status === "published";
  const publicPath = published && props.savedSlug ? contentPostPath(kind, props.savedSlug) : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        aria-label={postId ? `Edit ${info.noun}` : `New ${info.noun}`}
        className="grid grid-cols-1 gap-6"
      >
        <input type="hidden" name="kind" value={kind} />
        {props.formError ? <FormMessage>{props.formError}</FormMessage> : null}
        <FieldErrorCount count={errorCount} />

        <section aria-labelledby="words-heading" className="card grid grid-cols-1 gap-5 p-5 tablet:p-6">
          <h2 id="words-heading" className="text-lg font-bold">
            Title and summary
          </h2>
          <TextField
            label="Title"
            name="title"
            defaultValue={values.title}
            maxLength={CONTENT_TITLE_MAX}
            required
            error={fieldErrors.title}
          />
          <TextField
            label="Web address"
            name="slug"
            aside="(optional)"
            defaultValue={values.slug}
            maxLength={CONTENT_SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            hint={
              published
                ? `${info.path}/… Changing it breaks links people have already shared.`
                : `${info.path}/… Left blank, it is made from the title.`
            }
            error={fieldErrors.slug}
          />
          <TextAreaField
            label="Short description"
            name="description"
            rows={2}
            defaultValue={values.description}
            maxLength={CONTENT_DESCRIPTION_MAX}
            hint={`Up to ${CONTENT_DESCRIPTION_MAX} characters. Shown in lists, search results and when shared.`}
            error={fieldErrors.description}
          />
          {kind === "help" ? (
            <>
              <TextField
                label="Topic"
                name="topic"
                list={topicsId}
                defaultValue={values.topic}
                maxLength={CONTENT_TOPIC_MAX}
                hint="The help centre groups articles under their topic. Pick one, or type a new one."
                error={fieldErrors.topic}
              />
              <datalist id={topicsId}>
                {props.topics.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
            </>
          ) : null}
        </section>

        <section aria-labelledby="header-heading" className="card p-5 tablet:p-6 [&_fieldset]:max-w-2xl">
          <h2 id="header-heading" className="sr-only">
            Header picture
          </h2>
          <ImagePicker
            name="headerImage"
            removeName="removeHeaderImage"
            legend="Header picture"
            noun="picture"
            shape="wide"
            current={props.headerImage ? mediaPath(props.headerImage) : null}
            fallback={
              <div className="grid size-full place-items-center text-sm text-fg-muted">
                <span className="inline-flex items-center gap-2">
                  <ImageIcon aria-hidden className="size-4" /> No header picture
                </span>
              </div>
            }
            hint="JPEG or PNG, up to 10MB. Wide pictures work best: it is shown at 16:9 above the post."
            error={fieldErrors.headerImage}
          />
        </section>

        <section aria-labelledby="body-heading" className="card p-5 tablet:p-6">
          <h2 id="body-heading" className="text-lg font-bold">
            Body
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>- list</code>,{" "}
            <code>[link](https://…)</code>. Pictures come from the panel below.
          </p>
          <div className="mt-4 grid grid-cols-1 gap-5 laptop:grid-cols-2">
            <TextAreaField
              label="Markdown"
              name="body"
              rows={22}
              defaultValue={values.body}
              maxLength={CONTENT_BODY_MAX}
              spellCheck
              className="[&_textarea]:font-mono [&_textarea]:text-sm"
              onInput={(e) => preview.schedule(e.currentTarget.value)}
              hint={`Up to ${CONTENT_BODY_MAX.toLocaleString("en-GB")} characters.`}
              error={fieldErrors.body}
            />
            <div>
              <p className="block text-sm font-medium" id="preview-label">
                Preview {preview.pending ? <span className="font-normal text-fg-muted">(updating…)</span> : null}
              </p>
              <div
                role="region"
                aria-labelledby="preview-label"
                tabIndex={0}
                className="mt-1 max-h-[34rem] min-h-28 overflow-y-auto rounded-xl border border-border bg-bg p-4"
              >
                {preview.html ? (
                  <div className="article-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
                ) : (
                  <p className="text-sm text-fg-muted">Nothing written yet.</p>
                )}
              </div>
              {hydrated ? null : (
                <button type="submit" name="intent" value="preview" className="btn-secondary mt-3">
                  Update preview
                </button>
              )}
            </div>
          </div>
        </section>

        <div className="flex flex-wrap items-center gap-3">
          {published ? (
            <>
              <button type="submit" name="intent" value="save" className="btn-primary" disabled={!!busyIntent}>
                {busyIntent === "save" ? "Saving…" : "Save changes"}
              </button>
              <button type="submit" name="intent" value="unpublish" className="btn-secondary" disabled={!!busyIntent}>
                {busyIntent === "unpublish" ? "Unpublishing…" : "Unpublish"}
              </button>
            </>
          ) : (
            <>
              <button type="submit" name="intent" value="publish" className="btn-primary" disabled={!!busyIntent}>
                {busyIntent === "publish" ? "Publishing…" : "Publish"}
              </button>
              <button type="submit" name="intent" value="save" className="btn-secondary" disabled={!!busyIntent}>
                {busyIntent === "save" ? "Saving…" : "Save draft"}
              </button>
            </>
          )}
          {dirty && !busyIntent ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
          {publicPath ? (
            <Link to={publicPath} className="link ml-auto inline-flex items-center gap-1 text-sm">
              View on the site <ExternalLink aria-hidden className="size-3.5" />
            </Link>
          ) : null}
        </div>
      </Form>

      <BodyPictures onInserted={insertIntoBody} />
      {postId ? <DeletePost title={values.title} noun={info.noun} /> : null}
    </div>
  );
}

/**
 * The preview drawn by the server (POST /admin/content/preview), asked for a moment after typing
 * stops, so what staff see is exactly what the public page will show. A plain request rather than
 * a fetcher: a preview changes nothing, so no loader needs to run again after it.
 */
function useLivePreview(initial: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [html, setHtml] = useState(initial);
  const [pending, setPending] = useState(false);
  useEffect(() => setHtml(initial), [initial]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );
  const refresh = async (body: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setPending(true);
    try {
      const form = new FormData();
      form.set("body", body);
      const response = await fetch("/admin/content/preview", { method: "POST", body: form, signal: controller.signal });
      if (response.ok) setHtml(((await response.json()) as { html: string }).html);
    } catch {
      // Aborted by a newer keystroke, or offline: the last preview stays until the next one.
    } finally {
      if (inFlight.current === controller) setPending(false);
    }
  };
  return {
    html,
    pending,
    refresh: (body: string) => void refresh(body),
    schedule(body: string) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void refresh(body), 400);
    },
  };
}

/** Uploads a picture for the body (cleaned like any upload) and puts its markdown at the cursor. */
function BodyPictures({ onInserted }: { onInserted: (markdown: string) => void }) {
  const fetcher = useFetcher<{ markdown?: string; error?: string; fieldErrors?: Record<string, string> }>({
    key: "content-picture",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const inserted = useRef<string | null>(null);
  const fileId = useId();
  const altId = useId();
  const markdown = fetcher.data?.markdown ?? null;
  const chosen = useChosenFileCheck(judgeImageFile);
  const error =
    chosen.problem ??
    fetcher.data?.fieldErrors?.picture ??
    fetcher.data?.fieldErrors?.alt ??
    fetcher.data?.error ??
    null;

  useEffect(() => {
    if (markdown && inserted.current !== markdown) {
      inserted.current = markdown;
      onInserted(markdown);
      formRef.current?.reset();
    }
  }, [markdown, onInserted]);

  return (
    <section aria-labelledby="pictures-heading" className="card p-5 tablet:p-6">
      <h2 id="pictures-heading" className="flex items-center gap-2 text-lg font-bold">
        <ImagePlus aria-hidden className="size-5 text-brand" /> Pictures in the body
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Upload a JPEG or PNG (up to 10MB): it is cleaned, resized and put into the body where the cursor was.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/admin/content/pictures"
        encType="multipart/form-data"
        className="mt-4 grid grid-cols-1 gap-4 tablet:grid-cols-[1fr_1fr_auto] tablet:items-end"
        onSubmit={chosen.clear}
      >
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium">
            Picture
          </label>
          <input
            id={fileId}
            type="file"
            name="picture"
            accept={IMAGE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fileId}-error` : undefined}
            onChange={chosen.onChange}
            className="mt-1 block w-full text-sm text-fg-muted file:mr-3 file:min-h-10 file:rounded-full file:border
              file:border-border file:bg-surface file:px-4 file:text-sm file:font-semibold file:text-fg"
          />
        </div>
        <div>
          <label htmlFor={altId} className="block text-sm font-medium">
            Description for screen readers
          </label>
          <input
            id={altId}
            name="alt"
            maxLength={200}
            className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand
              focus:outline-none"
          />
        </div>
        <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Uploading…" : "Upload and insert"}
        </button>
      </fetcher.Form>
      {error ? (
        <p id={`${fileId}-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {markdown ? (
        <p role="status" className="mt-2 text-sm text-fg-muted">
          Inserted: <code className="break-all">{markdown}</code>
        </p>
      ) : null}
    </section>
  );
}

function DeletePost({ title, noun }: { title: string; noun: string }) {
  const askFirst = useAskFirst();
  return (
    <section aria-labelledby="delete-heading" className="card p-5 tablet:p-6">
      <h2 id="delete-heading" className="text-lg font-bold">
        Delete this {noun}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">It disappears from the site at once. This can&apos;t be undone.</p>
      <Form
        method="post"
        className="mt-3"
        onSubmit={askFirst({
          title: `Delete ‘${title}’?`,
          description: "It disappears from the site. You can't undo this.",
        })}
      >
        <button type="submit" name="intent" value="delete" className="btn-danger">
          <Trash2 aria-hidden className="size-4" /> Delete {noun}
        </button>
      </Form>
    </section>
  );
}
