import { AppError } from "~/lib/app-error";
import type { SessionUser } from "./session-user";
import type { Mailer } from "./mailer";

/**
 * A member of staff sends a failed email again: the stored message goes back on the queue with a
 * fresh set of retries. Answers false when it is no longer failed (retried already, or sent).
 */
export async function retryFailedEmail(
  mailer: Mailer,
  input: { staff: Pick<SessionUser, "isStaff"> | null; emailId: string },
): Promise<boolean> {
  if (!input.staff?.isStaff) throw new AppError("forbidden");
  return mailer.retry(input.emailId);
}
