import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { setFollowing } from "~/services/host-follows";
import { actionError } from "./action-error";
import { requireUser } from "./signed-in.server";

/** The Follow and Unfollow buttons' form: which host, and which way. */
const FollowForm = z.object({
  intent: z.enum(["follow", "unfollow"]),
  hostId: field.text(128).pipe(z.string().min(1)),
});

/**
 * The action behind every Follow and Unfollow button (a host's booking page, the list of hosts a person
 * follows). Signed out, it sends the person to log in and back to the page they were on; the host is
 * checked by the service (a live host, never oneself), and posts are throttled there.
 */
export async function followAction({ context, request }: { context: AppLoadContext; request: Request }) {
  const person = requireUser(context, request);
  const read = await readForm(request, FollowForm, { maxBytes: 4096 });
  if (!read.ok) return actionError(read.error);
  const { intent, hostId } = read.data;
  try {
    const result = await setFollowing(
      context.database.db,
      { userId: person.id, hostId, follow: intent === "follow", now: new Date() },
      { throttle: context.throttle, ip: context.clientIp },
    );
    return { ...result, hostId };
  } catch (error) {
    return actionError(error, { extra: { hostId } });
  }
}
