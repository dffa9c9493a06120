import { normaliseUsername, usernameProblem } from "~/domain/profile-rules";
import { isUsernameAvailable, profileProblemMessage } from "~/services/update-profile";
import { requireUser } from "~/web/lib/signed-in.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/username-available";
import type { UsernameCheck } from "~/web/components/username-field";

export type { UsernameCheck };

/**
 * GET ?username= → (JSON) whether the signed-in person could take that username, for the live hint on
 * the profile form. Their own current username counts as available. Saving still checks.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireUser(context, request);
  const username = normaliseUsername(new URL(request.url).searchParams.get("username") ?? "").slice(0, 100);
  const headers = { "Cache-Control": "private, no-store" };
  const problem = usernameProblem(username);
  if (problem && problem !== "reserved") {
    const answer: UsernameCheck = {
      username,
      available: false,
      message: profileProblemMessage({ field: "username", problem }),
    };
    return Response.json(answer, { headers });
  }
  const available = await isUsernameAvailable(context.database.db, username, me.id);
  const answer: UsernameCheck = {
    username,
    available,
    message: available ? messages.profile.usernameAvailable : messages.profile.usernameTaken,
  };
  return Response.json(answer, { headers });
}
