import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export interface ActiveAlert {
  id: string;
  heading: string;
  description: string;
  isFullPage: boolean;
  /** Identifies this version of the alert (a browser that has seen it keeps its stamp). */
  savedAt: Date;
}

/** A feature flag any visitor may see. Private flags are for server code only. */
export interface PublicFlag {
  key: string;
  enabled: boolean;
}

/** How many active alerts a page shows at most, newest first. */
export const ALERTS_SHOWN = 5;

/**
 * What every page shows of the site's own state, read in one round trip (the root loader runs it on
 * every page and data request): the active alerts, newest first, and the public feature flags by key.
 * Which alerts a browser has already seen is decided by the caller.
 */
export async function readSiteNotices(db: Db): Promise<{ alerts: ActiveAlert[]; flags: PublicFlag[] }> {
  const { rows } = await db.execute<{
    alerts: { id: string; heading: string; description: string; is_full_page: boolean; saved_at: string }[];
    flags: PublicFlag[];
  }>(sql`
    select coalesce((select json_agg(a order by a.saved_at desc, a.id)
                       from (select id, heading, description, is_full_page, saved_at
                               from alert
                              where is_active
                              order by saved_at desc, id
                              limit ${ALERTS_SHOWN}) a), '[]'::json) as alerts,
           coalesce((select json_agg(json_build_object('key', f.key, 'enabled', f.enabled) order by f.key)
                       from feature_flag f
                      where f.is_public), '[]'::json) as flags`);
  const row = rows[0]!;
  return {
    alerts: row.alerts.map((a) => ({
      id: a.id,
      heading: a.heading,
      description: a.description,
      isFullPage: a.is_full_page,
      savedAt: new Date(a.saved_at),
    })),
    flags: row.flags,
  };
}
