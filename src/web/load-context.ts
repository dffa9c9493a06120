import type { Database } from "~/db/client.server";
import type { Auth } from "~/server/auth.server";

/** The signed-in person as the pages see them: only what their own pages may show. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  userType: "buyer" | "host";
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  isVerified: boolean;
}

export interface TicketybooContext {
  database: Database;
  auth: Auth;
  user: SessionUser | null;
  requestId: string;
  /** Per-request CSP nonce for the few inline scripts React Router emits. */
  nonce: string;
  buildVersion: string;
  devRoutes: boolean;
  mapTileUrl: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TicketybooContext {}
}
