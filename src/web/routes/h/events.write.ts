import { data } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { draftDescription } from "~/services/writing-helper";
import { actionError } from "~/web/lib/action-error";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.write";

const WriteForm = z.object({
  intent: z.literal("write"),
  name: field.text(500),
  category: field.text(100),
  notes: field.text(40_000),
});

/**
 * The event form's writing helper: a first draft of the description from the name and notes.
 * Only for the Studio's owners and managers, throttled per host; absent when none is configured.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  if (!context.writingHelper) throw data(null, { status: 404 });
  const read = await readForm(request, WriteForm);
  if (!read.ok) return actionError(read.error);
  return draftDescription(context.writingHelper, context.throttle, { hostId, ...read.data, now: new Date() });
}
