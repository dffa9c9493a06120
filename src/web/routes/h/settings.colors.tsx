import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { getOnlineProfile, mayChangeMoneyAndBrand, saveBrandColors } from "~/services/host-online-profile";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { colorValues, ColorsForm } from "~/web/components/host-profile/brand-colors-fields";
import { toast } from "~/web/components/ui/toast";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/settings.colors";

export const handle = { title: "Colours" };
export const meta: Route.MetaFunction = () => [
  { title: "Colours · Settings · Partner Studio · Ticketyboo" },
  { name: "description", content: "The colours of your host page and booking widget." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const profile = await getOnlineProfile(context.database.db, hostId);
  return { colors: profile.colors, canChange: mayChangeMoneyAndBrand(role) };
}

const ColorsFormSchema = z.object({
  intent: z.literal("colors"),
  brandColor: field.text(40),
  accentColor: field.text(40),
});

/** Owners only: anyone else is answered not found by the guard, and nothing changes. */
export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: ["owner"] });
  const read = await readForm(request, ColorsFormSchema);
  if (!read.ok) return actionError(read.error, { extra: { ok: false as const, values: null } });
  const values = { brandColor: read.data.brandColor, accentColor: read.data.accentColor };
  try {
    const now = new Date();
    const saved = await saveBrandColors(context.database.db, { hostId, role, colors: values, now });
    return { ok: true as const, changed: saved.changed, savedAt: now.getTime() };
  } catch (error) {
    return actionError(error, { extra: { ok: false as const, values } });
  }
}

export default function ColorsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const failed = actionData && !actionData.ok ? actionData : null;
  const refusal = refusalOf(failed);
  useEffect(() => {
    if (actionData?.ok)
      toast.success(actionData.changed ? hostSettingsMessages.colorsSaved : hostSettingsMessages.nothingChanged);
  }, [actionData]);
  return (
    <div className="py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Colours</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Your brand colours, used on your public profile, booking widget and signage. We check each against white and
        dark text so what is written on it stays readable (WCAG AA, 4.5:1).
        {loaderData.canChange ? "" : ` ${hostSettingsMessages.ownersOnly}`}
      </p>
      <div className="card mt-6 max-w-3xl p-5 tablet:p-6">
        <ColorsForm
          key={`${actionData?.ok ? actionData.savedAt : 0}-${JSON.stringify(loaderData.colors)}`}
          values={failed?.values ?? colorValues(loaderData.colors)}
          errors={refusal.fieldErrors}
          formError={refusal.formError}
          canChange={loaderData.canChange}
          busy={busy}
          formRef={formRef}
        />
      </div>
    </div>
  );
}
