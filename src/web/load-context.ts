import type { Database } from "~/db/client.server";
import type { Auth } from "~/server/auth.server";
import type { RobotCheck } from "~/server/robot-check.server";
import type { Mailer } from "~/services/mailer";
import type { FileStorage } from "~/services/file-storage";
import type { TestProviderPage } from "~/server/payments/test-provider.server";
import type { TicketCodes } from "~/server/ticket-codes.server";
import type { UnsubscribeLinks } from "~/server/email/unsubscribe.server";
import type { PaymentProvider } from "~/services/payment-provider";
import type { Throttle } from "~/services/throttle";
import type { WritingHelper } from "~/services/writing-helper";
import type { SessionUser } from "~/services/session-user";

export interface TicketybooContext {
  database: Database;
  auth: Auth;
  /** Uploaded files (profile images, event images): local disk by default. */
  storage: FileStorage;
  /** The mailer port, passed to the services that queue email (a route never sends one itself). */
  mailer: Mailer;
  user: SessionUser | null;
  /** The client's address (from the socket, or X-Forwarded-For when TRUST_PROXY is set). */
  clientIp: string;
  requestId: string;
  /** Per-request CSP nonce for the few inline scripts React Router emits. */
  nonce: string;
  buildVersion: string;
  devRoutes: boolean;
  mapTileUrl: string;
  /** The live chat outside the app (CHAT_SUPPORT_URL); null when none is configured. */
  chatSupportUrl: string | null;
  /** The site's public origin (PUBLIC_URL), for canonical links and sharing. */
  publicUrl: string;
  /** The robot check: `await context.robotCheck.verify(form.get("altcha"), new Date())`. */
  robotCheck: RobotCheck;
  /** Shared rate limits: `await context.throttle.hit(key, { limit, windowMs }, new Date())`. */
  throttle: Throttle;
  /** Card payments: the test provider, or Stripe when STRIPE_SECRET_KEY is set. */
  payments: PaymentProvider;
  /** The test provider's own hosted page (null when a real provider is in use). */
  testPayments: TestProviderPage | null;
  /** Signs ticket codes (and checks them at the door). */
  ticketCodes: TicketCodes;
  /** Whether conversion tracking is configured (the booking panel then reports add-to-cart). */
  conversionsOn: boolean;
  /** One-click unsubscribe links for the emails a person can turn off. */
  unsubscribe: UnsubscribeLinks;
  /** The event description's writing helper (LLM_BASE_URL); null when none is configured. */
  writingHelper: WritingHelper | null;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TicketybooContext {}
}
