import type { PublicPostGuard } from "~/services/public-messages";
import type { TicketybooContext } from "~/web/load-context";

/** What a public form's service needs to judge the post: the limits, the address, now, and the robot check. */
export function publicPostGuard(
  context: Pick<TicketybooContext, "throttle" | "clientIp" | "robotCheck">,
  robotPayload: string,
): PublicPostGuard {
  return {
    throttle: context.throttle,
    ip: context.clientIp,
    now: new Date(),
    robotCheck: context.robotCheck,
    robotPayload,
  };
}
