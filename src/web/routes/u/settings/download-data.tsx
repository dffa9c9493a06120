import { exportAccountData } from "~/services/export-account-data";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/download-data";

/** The buyer's data as a JSON download (UK GDPR access and portability). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const now = new Date();
  const data = await exportAccountData(context.database.db, { userId: user.id, now });
  const day = now.toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="ticketyboo-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
