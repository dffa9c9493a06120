import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { type HostOnboardingInput, validateHostOnboarding } from "~/domain/profile-rules";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { afterCommit } from "./after-commit";
import { isUniqueViolation, profileProblemMessage, type ProfileFieldErrors } from "./update-profile";
import { ownedImageKey } from "./process-image-upload";

/**
 * A person becomes a host (/h/onboarding): their host name, the username of their booking page, a
 * short bio and, if they chose one, a profile image already stored (its public path). In one
 * transaction: the checks, userType 'host', and, for someone who was a buyer, the host onboarding
 * email as after-commit work (a host made at sign-up had it then). A username someone else holds is
 * refused by field, as every other problem is. Returns the key of their own image that was
 * replaced, for the caller to delete once this has committed.
 */
export async function becomeHost(
  db: Db,
  input: { userId: string; form: HostOnboardingInput; image?: string; now: Date },
): Promise<{ wasBuyer: boolean; discardedImageKey: string | null }> {
  const checked = validateHostOnboarding(input.form);
  if (!checked.ok) {
    const fields: ProfileFieldErrors = {};
    for (const p of checked.problems) fields[p.field] ??= profileProblemMessage(p);
    throw fieldError(fields);
  }
  const values = checked.values;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ userType: user.userType, image: user.image })
        .from(user)
        .where(and(eq(user.id, input.userId), isNull(user.deletedAt)))
        .for("update");
      if (!current) throw new AppError("not_found");
      await tx
        .update(user)
        .set({
          userType: "host",
          hostTitle: values.hostTitle,
          username: values.username,
          bio: values.bio,
          ...(input.image ? { image: input.image } : {}),
          updatedAt: input.now,
        })
        .where(eq(user.id, input.userId));
      const wasBuyer = current.userType === "buyer";
      if (wasBuyer) await afterCommit(tx, { kind: "host-onboarding", userId: input.userId });
      return {
        wasBuyer,
        discardedImageKey:
          input.image && current.image !== input.image ? ownedImageKey(current.image, input.userId) : null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw fieldError({ username: messages.profile.usernameTaken });
    throw error;
  }
}

function fieldError(fields: ProfileFieldErrors): AppError {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError("validation_failed", message, { field, fields });
}
