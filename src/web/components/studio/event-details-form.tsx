import { Sparkles } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { CATEGORIES, findCategory } from "~/domain/categories";
import { EVENT_NAME_MAX, EVENT_SLUG_MAX, slugFromName } from "~/domain/event-details";
import { headlinePrice, priceTerms } from "~/domain/pricing";
import type { FieldErrors } from "~/lib/error-table";
import { formatMoney } from "~/lib/format";
import { londonHhMm, londonYmd } from "~/lib/london-time";
import { CheckboxField, FormMessage, TextField } from "~/web/components/ui/field";
import { useHydrated } from "~/web/lib/use-hydrated";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

// TipTap comes with the Studio's event form only, in the browser; the public bundle never carries it.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * The description as words while the editor loads, so it never looks empty (and lost) for that moment. Read as text
 * from a parsed copy, which runs and loads nothing: what was typed is never put into the page as markup.
 */
function DescriptionLoading({ html }: { html: string }) {
  const words = useMemo(() => {
    const body = new DOMParser().parseFromString(html, "text/html").body;
    const blocks = [...body.children].map((el) => el.textContent?.trim() ?? "").filter(Boolean);
    return blocks.length > 0 ? blocks.join("\n\n") : (body.textContent ?? "");
  }, [html]);
  return (
    <div
      aria-busy="true"
      className="mt-1 min-h-60 rounded-xl border border-border bg-surface px-3 py-2 whitespace-pre-line text-fg-muted"
    >
      {words || "Loading the editor…"}
    </div>
  );
}

/** The form's fields as text, the way they are posted (and shown again after a refusal). */
export type EventFormValues = Record<string, string | string[]>;

export interface EventFormSource {
  name: string;
  slug: string;
  slugLocked: boolean;
  category: string;
  eventType: string;
  subcategories: string[];
  tags: string[];
  description: string;
  startsAt: Date;
  endsAt: Date | null;
  isOnline: boolean;
  onlineUrl: string | null;
  venueId: string | null;
  isPrivate: boolean;
  rsvp: boolean;
  currency: "GBP" | "EUR";
  feeMode: "pass" | "absorb";
  laterDates: number;
}

/** The saved event as the form's text; a new event starts on the pubs-and-clubs quiz, a week on, at 19:30. */
export function eventFormValues(e: EventFormSource | null, hostFeeMode: "pass" | "absorb", now: Date): EventFormValues {
  if (!e) {
    const weekOn = londonYmd(new Date(now.getTime() + 7 * 86_400_000));
    return {
      name: "",
      slug: "",
      category: "",
      eventType: "",
      subcategories: [],
      tags: "",
      description: "",
      date: weekOn,
      time: "19:30",
      endDate: "",
      endTime: "",
      where: "venue",
      onlineUrl: "",
      venueId: "",
      currency: "GBP",
      feeMode: hostFeeMode,
    };
  }
  return {
    name: e.name,
    slug: e.slug,
    category: e.category,
    eventType: e.eventType,
    subcategories: e.subcategories,
    tags: e.tags.join(", "),
    description: e.description,
    date: londonYmd(e.startsAt),
    time: londonHhMm(e.startsAt),
    endDate: e.endsAt && londonYmd(e.endsAt) !== londonYmd(e.startsAt) ? londonYmd(e.endsAt) : "",
    endTime: e.endsAt ? londonHhMm(e.endsAt) : "",
    where: e.isOnline ? "online" : "venue",
    onlineUrl: e.onlineUrl ?? "",
    venueId: e.venueId ?? "",
    ...(e.isPrivate ? { isPrivate: "on" } : {}),
    ...(e.rsvp ? { rsvp: "on" } : {}),
    currency: e.currency,
    feeMode: e.feeMode,
  };
}

interface EventDetailsFormProps {
  values: EventFormValues;
  errors: FieldErrors;
  formError: string | null;
  venues: { id: string; name: string; city: string }[];
  slugLocked: boolean;
  /** Orders exist: the currency is fixed, and a new start or place is emailed to the people with tickets. */
  currencyLocked: boolean;
  /** Later dates of the event's series (0: none, or a new event). */
  laterDates: number;
  /** Where 'Add a venue' goes and comes back from (an event not yet saved has nowhere to come back to). */
  addVenueHref: string | null;
  /** The writing helper's address when one is configured (hidden otherwise). */
  helperAction: string | null;
  submitLabel: string;
}

/** Before the page is live, with no category chosen yet: every type once, so the form still posts. */
const ALL_TYPES = [...new Map(CATEGORIES.flatMap((c) => c.types).map((t) => [t.slug, t])).values()];

const text = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
const SELECT =
  "mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none " +
  "aria-[invalid=true]:border-danger";

/**
 * An event's overview: what it is, when, where and how it sells. A real form: it posts without
 * JavaScript (the description is then a plain text box); in the browser the description gets the
 * editor, the type list follows the category, and leaving with unsaved changes asks first.
 */
export function EventDetailsForm(props: EventDetailsFormProps) {
  const { values, errors, venues } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [category, setCategory] = useState(text(values.category));
  const [eventType, setEventType] = useState(text(values.eventType));
  const [where, setWhere] = useState(text(values.where) || "venue");
  const [name, setName] = useState(text(values.name));
  const [feeMode, setFeeMode] = useState(text(values.feeMode));
  const [currency, setCurrency] = useState(text(values.currency) || "GBP");
  const types = findCategory(category)?.types ?? [];
  const chosenSubs = new Set(Array.isArray(values.subcategories) ? values.subcategories : [text(values.subcategories)]);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [replacement, setReplacement] = useState<{ html: string; at: number } | null>(null);
  const ids = { description: useId(), descriptionHint: useId() };
  // A new event's venue is added in another tab: back here, the list is read again (what was typed stays).
  const revalidator = useRevalidator();
  const addsVenueElsewhere = !props.addVenueHref;
  useEffect(() => {
    if (!addsVenueElsewhere) return;
    const back = () => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, [addsVenueElsewhere, revalidator]);

  // A refused save shows its first problem: the button is at the foot of a long form, and the
  // message would otherwise sit above the screen, or behind the bar the button is on.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>("[aria-invalid=true], [data-problem]");
    if (first?.matches("[aria-invalid=true]")) first.focus({ preventScroll: true });
    first?.scrollIntoView({ block: "center" });
  }, [errors]);

  const example = headlinePrice(
    1000,
    priceTerms(feeMode === "absorb" ? "absorb" : "pass", currency === "EUR" ? "EUR" : "GBP"),
  );
  const symbolCurrency = currency === "EUR" ? "EUR" : "GBP";

  return (
    <Form method="post" ref={formRef} className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      <FormMessage>{props.formError}</FormMessage>

      <section aria-labelledby="basics-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="basics-heading" className="text-lg font-bold">
          The event
        </h2>
        <TextField
          label="Name"
          name="name"
          required
          maxLength={EVENT_NAME_MAX}
          defaultValue={text(values.name)}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          placeholder="Tuesday Quiz at the Crown"
        />
        <TextField
          label="Web address"
          name="slug"
          maxLength={EVENT_SLUG_MAX}
          defaultValue={text(values.slug)}
          readOnly={props.slugLocked}
          error={errors.slug}
          aside={props.slugLocked ? "(fixed once published)" : "(optional)"}
          hint={
            props.slugLocked
              ? "People may have shared this link, so it stays."
              : `ticketyboo…/events/${text(values.slug) || slugFromName(name) || "your-event"}. ` +
                "Lowercase letters, digits, underscores and hyphens; made from the name if left empty."
          }
          pattern="[a-z0-9_\-]+"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="grid gap-4 tablet:grid-cols-2">
          <SelectField label="Category" error={errors.category}>
            {({ id, errorId }) => (
              <select
                id={id}
                aria-describedby={errorId}
                name="category"
                className={SELECT}
                defaultValue={text(values.category)}
                aria-invalid={errors.category ? true : undefined}
                onChange={(e) => setCategory(e.currentTarget.value)}
                required
              >
                <option value="">Choose a category</option>
                {CATEGORIES.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
          </SelectField>
          <SelectField label="Type" error={errors.eventType}>
            {({ id, errorId }) => (
              <select
                id={id}
                aria-describedby={errorId}
                name="eventType"
                key={category}
                className={SELECT}
                defaultValue={category === text(values.category) ? text(values.eventType) : ""}
                aria-invalid={errors.eventType ? true : undefined}
                onChange={(e) => setEventType(e.currentTarget.value)}
                required
              >
                <option value="">{category ? "Choose a type" : "Choose a category first"}</option>
                {(hydrated || category ? types : ALL_TYPES).map((t) => (
                  <option key={`${t.slug}`} value={t.slug}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          </SelectField>
        </div>
        {types.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium">
              Also good for <span className="font-normal text-fg-muted">(optional)</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-2" key={category}>
              {types
                .filter((t) => t.slug !== eventType)
                .map((t) => (
                  <label
                    key={t.slug}
                    className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border
                    px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:text-brand"
                  >
                    <input
                      type="checkbox"
                      name="subcategories"
                      value={t.slug}
                      defaultChecked={chosenSubs.has(t.slug)}
                      className="size-4 accent-[var(--color-brand)]"
                    />
                    {t.label}
                  </label>
                ))}
            </div>
            {errors.subcategories ? (
              <p data-problem className="mt-1 text-sm text-danger">
                {errors.subcategories}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <TextField
          label="Tags"
          name="tags"
          defaultValue={text(values.tags)}
          error={errors.tags}
          aside="(optional)"
          hint="Up to 10, separated by commas: what someone might search for."
          placeholder="quiz, prizes, dog friendly"
        />
      </section>

      <section aria-labelledby="description-heading" className="card flex flex-col gap-2 p-5 tablet:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="description-heading" className="text-lg font-bold">
            Description
          </h2>
          {props.helperAction && hydrated ? (
            <WritingHelper
              action={props.helperAction}
              name={name}
              onText={(html) => setReplacement({ html, at: Date.now() })}
            />
          ) : null}
        </div>
        <p id={ids.descriptionHint} className="text-sm text-fg-muted">
          What happens, who it's for, what to bring. Headings, lists and links are kept.
        </p>
        <span id={ids.description} className="sr-only">
          Description
        </span>
        {hydrated ? (
          <Suspense fallback={<DescriptionLoading html={text(values.description)} />}>
            <RichTextEditor
              initial={text(values.description)}
              labelledBy={ids.description}
              describedBy={ids.descriptionHint}
              replacement={replacement}
              onChange={(html) => {
                const box = descriptionRef.current;
                if (!box) return;
                box.value = html;
                box.dispatchEvent(new Event("input", { bubbles: true }));
              }}
            />
          </Suspense>
        ) : null}
        <textarea
          ref={descriptionRef}
          name="description"
          aria-labelledby={ids.description}
          defaultValue={text(values.description)}
          hidden={hydrated}
          className="mt-1 min-h-40 w-full rounded-xl border border-border bg-surface px-3 py-2"
        />
        {errors.description ? (
          <p data-problem className="text-sm text-danger">
            {errors.description}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="when-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="when-heading" className="text-lg font-bold">
          When
        </h2>
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            label="Date"
            name="date"
            type="date"
            required
            defaultValue={text(values.date)}
            error={errors.date}
          />
          <ClockField label="Starts" name="time" defaultValue={text(values.time)} error={errors.time} />
          <TextField
            label="End date"
            name="endDate"
            type="date"
            aside="(if not the same day)"
            defaultValue={text(values.endDate)}
            error={errors.endDate}
          />
          <ClockField
            label="Ends"
            name="endTime"
            aside="(optional)"
            defaultValue={text(values.endTime)}
            error={errors.endTime}
          />
        </div>
        <p className="text-sm text-fg-muted">UK time, 24-hour (19:30 is 7.30pm).</p>
        {props.currencyLocked ? (
          <p className="text-sm text-fg-muted">
            People have tickets: if you change the start or the place, we email each of them when you save.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="where-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="where-heading" className="text-lg font-bold">
          Where
        </h2>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Where it happens</legend>
          {(
            [
              ["venue", "At a venue"],
              ["online", "Online"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-4
                text-sm font-medium has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:text-brand"
            >
              <input
                type="radio"
                name="where"
                value={value}
                defaultChecked={where === value}
                onChange={() => setWhere(value)}
                className="accent-[var(--color-brand)]"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {!hydrated || where === "venue" ? (
          <SelectField
            label="Venue"
            error={errors.venueId}
            after={
              <p className="mt-1 text-sm text-fg-muted">
                {props.addVenueHref ? (
                  <>
                    Not listed?{" "}
                    <Link to={props.addVenueHref} className="link">
                      Add a venue
                    </Link>{" "}
                    and you'll come back here with your event there (save your changes first).
                  </>
                ) : (
                  <>
                    Not listed?{" "}
                    <a href="/h/venues/add" target="_blank" rel="noopener" className="link">
                      Add a venue<span className="sr-only"> (opens in a new tab)</span>
                    </a>{" "}
                    in a new tab, and it will be in this list when you come back.
                  </>
                )}
              </p>
            }
          >
            {({ id, errorId }) => (
              <select
                id={id}
                aria-describedby={errorId}
                name="venueId"
                className={SELECT}
                defaultValue={text(values.venueId)}
                aria-invalid={errors.venueId ? true : undefined}
              >
                <option value="">{venues.length ? "Choose a venue" : "No venues yet: add one first"}</option>
                {venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}, {v.city}
                  </option>
                ))}
              </select>
            )}
          </SelectField>
        ) : null}
        {!hydrated || where === "online" ? (
          <TextField
            label="Link people join by"
            name="onlineUrl"
            type="url"
            inputMode="url"
            defaultValue={text(values.onlineUrl)}
            error={errors.onlineUrl}
            placeholder="https://"
            hint="Sent to ticket holders; never shown on the public page."
          />
        ) : null}
      </section>

      <section aria-labelledby="selling-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
        <h2 id="selling-heading" className="text-lg font-bold">
          Selling
        </h2>
        <div className="grid gap-4 tablet:grid-cols-2">
          <SelectField
            label="Currency"
            error={errors.currency}
            after={
              props.currencyLocked ? (
                <>
                  <input type="hidden" name="currency" value={text(values.currency)} />
                  <p className="mt-1 text-sm text-fg-muted">Fixed: people have ordered in it.</p>
                </>
              ) : null
            }
          >
            {({ id, errorId }) => (
              <select
                id={id}
                aria-describedby={errorId}
                name="currency"
                className={SELECT}
                defaultValue={text(values.currency)}
                disabled={props.currencyLocked}
                onChange={(e) => setCurrency(e.currentTarget.value)}
              >
                <option value="GBP">Pounds (£)</option>
                <option value="EUR">Euros (€)</option>
              </select>
            )}
          </SelectField>
          <fieldset>
            <legend className="text-sm font-medium">Booking fee</legend>
            <div className="mt-1 flex flex-col gap-2">
              {(
                [
                  ["pass", "Buyers pay it on top"],
                  ["absorb", "I'll pay it from my price"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="feeMode"
                    value={value}
                    defaultChecked={text(values.feeMode) === value}
                    onChange={() => setFeeMode(value)}
                    className="accent-[var(--color-brand)]"
                  />
                  {label}
                </label>
              ))}
            </div>
            <p className="mt-1 text-sm text-fg-muted">
              A {formatMoney(1000, symbolCurrency)} ticket shows as {formatMoney(example.totalMinor, symbolCurrency)},
              all in.
            </p>
          </fieldset>
        </div>
        <CheckboxField
          label="Private event"
          name="isPrivate"
          defaultChecked={Boolean(values.isPrivate)}
          hint="Not listed or searchable; only people with the link can book."
        />
        <CheckboxField
          label="RSVP"
          name="rsvp"
          defaultChecked={Boolean(values.rsvp)}
          hint="For free events: people say they're coming rather than buy."
        />
      </section>

      {props.laterDates > 0 ? (
        <fieldset className="card flex flex-col gap-2 p-5 tablet:p-6">
          <legend className="sr-only">Which dates to change</legend>
          <p className="text-sm font-medium">This event repeats. Save the changes to:</p>
          {(
            [
              ["one", "This date only"],
              ["following", `This date and the ${props.laterDates} after it`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="scope"
                value={value}
                defaultChecked={value === "one"}
                className="accent-[var(--color-brand)]"
              />
              {label}
            </label>
          ))}
        </fieldset>
      ) : null}

      <div
        className="sticky bottom-16 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-bg/95
          px-4 py-3           backdrop-blur laptop:bottom-0"
      >
        {dirty ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : props.submitLabel}
        </button>
      </div>
    </Form>
  );
}

function SelectField({
  label,
  error,
  children,
  after,
}: {
  label: string;
  error?: string | null;
  /** The control, given the id its label points at and the id of its error. */
  children: (ids: { id: string; errorId: string | undefined }) => ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label className="block text-sm font-medium" htmlFor={id}>
        {label}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** 'HH:MM' in 24 hours (spec §5), typed: browsers' time pickers follow the device's 12-hour setting. */
function ClockField(props: { label: string; name: string; defaultValue: string; error?: string; aside?: string }) {
  return (
    <TextField
      label={props.label}
      name={props.name}
      aside={props.aside}
      defaultValue={props.defaultValue}
      error={props.error}
      inputMode="numeric"
      placeholder="19:30"
      pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
      maxLength={5}
      autoComplete="off"
    />
  );
}

/**
 * Asks the writing helper (a language model the platform configured) for a description from the
 * event's name and what is written so far; the answer replaces the text, and the host edits it.
 */
function WritingHelper({ action, name, onText }: { action: string; name: string; onText: (html: string) => void }) {
  const fetcher = useFetcher<{ html?: string; error?: string }>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  useEffect(() => {
    if (answer?.html) onTextRef.current(answer.html);
  }, [answer]);
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn-secondary"
        disabled={busy || !name.trim()}
        onClick={() => {
          const body = new FormData();
          body.set("intent", "write");
          body.set("name", name);
          const chosen = document.querySelector<HTMLSelectElement>("select[name=category]");
          body.set("category", chosen?.value ?? "");
          const box = document.querySelector<HTMLTextAreaElement>("textarea[name=description]");
          body.set("notes", box?.value ?? "");
          void fetcher.submit(body, { method: "post", action });
        }}
      >
        <Sparkles aria-hidden className="size-4" />
        {busy ? "Writing…" : "Help me write it"}
      </button>
      <p role="status" className="text-sm text-danger">
        {answer?.error ?? ""}
      </p>
    </div>
  );
}
