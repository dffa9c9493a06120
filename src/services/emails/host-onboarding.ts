import { and, eq, isNull } from "drizzle-orm";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import type { EmailDeps } from "./after-sale";

/**
 * To a buyer who has just become a host at /h/onboarding (spec §7 sendHostOnboardingEmail: the host's
 * name and email address): their Studio is ready, and what to do next. Read when sent: an account
 * deleted since is not written to.
 */
export async function sendHostOnboarding(deps: EmailDeps, userId: string): Promise<void> {
  const [host] = await deps.db
    .select({ email: user.email, firstName: user.firstName, name: user.name, userType: user.userType })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!host || host.userType !== "host") return;
  const hostName = (host.firstName ?? host.name).trim();
  if (!hostName || !host.email) throw new AppError("bad_request", messages.email.missingHostParams);
  await deps.mailer.send({
    to: host.email,
    userId,
    template: { name: "host-onboarding", props: { hostName, profileDone: true } },
  });
}
