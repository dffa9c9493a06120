import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import {
  EMAIL_PREFERENCE_KEYS,
  type EmailPreferenceKey,
  type EmailPreferences,
  getEmailPreferences,
  updateEmailPreferences,
} from "~/services/update-email-preferences";
import { SettingsLayout } from "~/web/components/settings-layout";
import { CheckboxField } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import { SaveStatus } from "~/web/components/save-status";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/marketing-permissions";

export const handle = { title: "Email preferences" };
export const meta: Route.MetaFunction = () => [
  { title: "Email preferences · Ticketyboo" },
  { name: "description", content: "Choose which emails Ticketyboo and the hosts you book with may send you." },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return getEmailPreferences(context.database.db, user.id);
}

/** Each preference's checkbox, and the value the page showed beside it (absent: not on the page). */
const PreferencesForm = z.object(
  Object.fromEntries(
    EMAIL_PREFERENCE_KEYS.flatMap((key) => [
      [key, field.checkbox()],
      [`${key}Was`, z.enum(["true", "false"]).optional()],
    ]),
  ),
) as unknown as z.ZodType<
  Record<EmailPreferenceKey, boolean> & Partial<Record<`${EmailPreferenceKey}Was`, "true" | "false">>
>;

/**
 * Each checkbox travels with the value the page showed (`<key>Was`), so only what the person
 * changed on this page is sent on: a preference changed meanwhile in another tab is not undone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, PreferencesForm);
  if (!form.ok) return actionError(form.error, { extra: { saved: false } });
  const changes: Partial<EmailPreferences> = {};
  for (const key of EMAIL_PREFERENCE_KEYS) {
    const was = form.data[`${key}Was`];
    if (was === undefined) continue; // Not on the page (hosting summaries for a buyer).
    const now = form.data[key];
    if (now !== (was === "true")) changes[key] = now;
  }
  const { changed } = await updateEmailPreferences(context.database.db, { userId: user.id, changes, now: new Date() });
  return { saved: changed.length > 0 };
}

const MARKETING = [
  {
    key: "marketingGeneral",
    label: "Ticketyboo news and event picks",
    hint: "A few emails a month: events we think you'll like, new features and offers.",
  },
  { key: "marketingVenues", label: "News from venues", hint: "Line-ups and offers from venues you've booked with." },
] as const;

const REMINDERS = [
  {
    key: "notifyEventReminders",
    label: "Day-before reminders",
    hint: "The day before an event you have tickets for: when, where, and your tickets.",
  },
] as const;

const HOSTING = [
  {
    key: "notifyEventSummaries",
    label: "Individual event summaries",
    hint: "After each of your events: tickets sold, check-ins and takings.",
  },
  {
    key: "notifyMonthlySummaries",
    label: "Monthly event summaries",
    hint: "At the start of each month, how last month's events went.",
  },
] as const;

export default function MarketingPermissions({ loaderData, actionData }: Route.ComponentProps) {
  const { isHost, preferences } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const busy = useNavigation().state === "submitting";

  const option = (o: { key: keyof EmailPreferences; label: string; hint: string }) => (
    <li key={o.key}>
      <input type="hidden" name={`${o.key}Was`} value={String(preferences[o.key])} />
      <CheckboxField
        name={o.key}
        label={<span className="font-medium">{o.label}</span>}
        hint={o.hint}
        defaultChecked={preferences[o.key]}
      />
    </li>
  );

  return (
    <SettingsLayout
      title="Email preferences"
      description="Choose what we email you about. Tickets, receipts and account emails always arrive."
    >
      <Form ref={formRef} method="post" className="max-w-2xl space-y-6">
        <section aria-labelledby="marketing-heading" className="card p-5 tablet:p-6">
          <h2 id="marketing-heading" className="text-lg font-bold">
            Marketing emails
          </h2>
          <ul className="mt-4 space-y-4">{MARKETING.map(option)}</ul>
        </section>
        <section aria-labelledby="reminders-heading" className="card p-5 tablet:p-6">
          <h2 id="reminders-heading" className="text-lg font-bold">
            Reminders
          </h2>
          <ul className="mt-4 space-y-4">{REMINDERS.map(option)}</ul>
        </section>
        {isHost ? (
          <section aria-labelledby="hosting-heading" className="card p-5 tablet:p-6">
            <h2 id="hosting-heading" className="text-lg font-bold">
              Hosting summaries
            </h2>
            <ul className="mt-4 space-y-4">{HOSTING.map(option)}</ul>
          </section>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save preferences"}
          </button>
          {dirty ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
          <SaveStatus result={actionData && !dirty && !busy ? (actionData.saved ? "saved" : "unchanged") : null} />
        </div>
      </Form>
    </SettingsLayout>
  );
}
