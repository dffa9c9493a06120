import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { marketingContact, marketingImport, marketingList } from "~/db/schema";
import {
  CONSENT_SOURCE_MAX,
  type ContactReading,
  CONTACTS_PER_HOST_MAX,
  LIST_NAME_MAX,
  LISTS_PER_HOST_MAX,
  readContactCsv,
} from "~/domain/campaigns";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { campaignMessages } from "~/texts/campaign-messages";
import { lockHost } from "./host-lock";

/**
 * Who a host may email (decision 0040). Two sources, both only with consent:
 * - past buyers: anyone with an order for one of the host's events whose account allows venue
 *   emails (`user.marketing_venues`, spec §3 marketingEmailPreferences.venues);
 * - the host's own lists, imported from CSV with the consent each person gave (who, when, how).
 * Leaving out, always, anyone who unsubscribed from this host (`marketing_unsubscribe`) and any
 * address whose Ticketyboo account does not allow venue emails. The same SQL is asked again for
 * each recipient at the moment of sending (send-campaigns.ts), so a change in between is honoured.
 */

/** Lower-cased addresses of accounts that do not allow venue emails, as a SQL condition on `addr`. */
const accountRefuses = (addr: ReturnType<typeof sql>) =>
  sql`exists (select 1 from "user" x
             where lower(x.email) = ${addr} and (not x.marketing_venues or x.deleted_at is not null))`;

const unsubscribed = (hostId: string, addr: ReturnType<typeof sql>) =>
  sql`exists (select 1 from marketing_unsubscribe s where s.host_id = ${hostId} and s.email = ${addr})`;

/**
 * The audience as rows (email, name, user_id, contact_id), one per address: a buyer's account
 * first, else the earliest contact. A SQL fragment for INSERT … SELECT and for counting.
 */
export function audienceQuery(hostId: string, audience: { toBuyers: boolean; listIds: readonly string[] }) {
  const lists = audience.listIds.filter(isUuid);
  const buyers = audience.toBuyers
    ? sql`
      select lower(u.email) as email,
             coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.name) as name,
             u.id as user_id, null::uuid as contact_id, 0 as rank, u.created_at as since
      from "user" u
      where u.marketing_venues and u.deleted_at is null
        and exists (select 1 from "order" o where o.host_id = ${hostId} and o.user_id = u.id)`
    : sql`select null::text as email, null::text as name, null::text as user_id, null::uuid as contact_id,
             0 as rank, null::timestamptz as since where false`;
  const contacts =
    lists.length > 0
      ? sql`
      select c.email, c.name, null::text, c.id, 1, c.created_at
      from marketing_contact c
      where c.host_id = ${hostId} and c.list_id in (${sql.join(
        lists.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
      : sql`select null::text, null::text, null::text, null::uuid, 1, null::timestamptz where false`;
  return sql`
    select distinct on (a.email) a.email, a.name, a.user_id, a.contact_id
    from (${buyers} union all ${contacts}) a
    where a.email is not null
      and not ${unsubscribed(hostId, sql`a.email`)}
      and not ${accountRefuses(sql`a.email`)}
    order by a.email, a.rank, a.since`;
}

/** How many people an audience reaches now. */
export async function audienceSize(
  db: Db,
  hostId: string,
  audience: { toBuyers: boolean; listIds: readonly string[] },
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${audienceQuery(hostId, audience)}) q`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The audiences page: opted-in buyers, and each list with how many it reaches. */
export async function hostAudiences(db: Db, hostId: string) {
  const lists = await db
    .select({ id: marketingList.id, name: marketingList.name, createdAt: marketingList.createdAt })
    .from(marketingList)
    .where(eq(marketingList.hostId, hostId))
    .orderBy(asc(marketingList.name));
  const { rows } = await db.execute<{ buyers: number; opted_in: number; unsubscribed: number }>(sql`
    select
      (select count(distinct o.user_id)::int from "order" o join "user" u on u.id = o.user_id
        where o.host_id = ${hostId} and u.deleted_at is null) as buyers,
      (select count(*)::int from (${audienceQuery(hostId, { toBuyers: true, listIds: [] })}) q) as opted_in,
      (select count(*)::int from marketing_unsubscribe s where s.host_id = ${hostId}) as unsubscribed`);
  const totals = rows[0] ?? { buyers: 0, opted_in: 0, unsubscribed: 0 };
  const sized = await Promise.all(
    lists.map(async (l) => {
      const [stored] = await db.select({ n: count() }).from(marketingContact).where(eq(marketingContact.listId, l.id));
      return {
        ...l,
        contacts: stored?.n ?? 0,
        reachable: await audienceSize(db, hostId, { toBuyers: false, listIds: [l.id] }),
      };
    }),
  );
  return {
    buyers: Number(totals.buyers),
    optedInBuyers: Number(totals.opted_in),
    unsubscribed: Number(totals.unsubscribed),
    lists: sized,
  };
}

/** The host's lists, for the campaign editor's audience choice. */
export async function hostListChoices(db: Db, hostId: string) {
  return db
    .select({ id: marketingList.id, name: marketingList.name })
    .from(marketingList)
    .where(eq(marketingList.hostId, hostId))
    .orderBy(asc(marketingList.name));
}

export async function createList(db: Db, input: { hostId: string; name: string }) {
  const f = campaignMessages.fields;
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) throw new AppError("validation_failed", f.listNameRequired, { field: "name" });
  if ([...name].length > LIST_NAME_MAX)
    throw new AppError("validation_failed", f.listNameTooLong(LIST_NAME_MAX), { field: "name" });
  return db.transaction(async (tx) => {
    await lockHost(tx, input.hostId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(marketingList)
      .where(eq(marketingList.hostId, input.hostId));
    if (n >= LISTS_PER_HOST_MAX) throw new AppError("conflict", campaignMessages.tooManyLists(LISTS_PER_HOST_MAX));
    const [row] = await tx
      .insert(marketingList)
      .values({ hostId: input.hostId, name })
      .onConflictDoNothing()
      .returning({ id: marketingList.id, name: marketingList.name });
    if (!row) throw new AppError("validation_failed", f.listNameTaken, { field: "name" });
    return row;
  });
}

async function ownList(db: Db, hostId: string, listId: string) {
  if (!isUuid(listId)) throw new AppError("not_found", campaignMessages.noSuchList);
  const [row] = await db
    .select({ id: marketingList.id, name: marketingList.name })
    .from(marketingList)
    .where(and(eq(marketingList.id, listId), eq(marketingList.hostId, hostId)));
  if (!row) throw new AppError("not_found", campaignMessages.noSuchList);
  return row;
}

/** Deletes a list and its contacts (their consent goes with them); campaigns that named it simply skip it. */
export async function deleteList(db: Db, input: { hostId: string; listId: string }) {
  const list = await ownList(db, input.hostId, input.listId);
  await db.delete(marketingList).where(and(eq(marketingList.id, list.id), eq(marketingList.hostId, input.hostId)));
  return list;
}

/** Reads the file for the preview (nothing is stored); refuses another host's list as "no such list". */
export async function previewContactImport(
  db: Db,
  input: { hostId: string; listId: string; text: string; now: Date },
): Promise<ContactReading> {
  await ownList(db, input.hostId, input.listId);
  return readContactCsv(input.text, input.now);
}

function checkConsentSource(text: string): string {
  const f = campaignMessages.fields;
  const source = text.trim().replace(/\s+/g, " ");
  if (!source) throw new AppError("validation_failed", f.consentSourceRequired, { field: "consentSource" });
  if ([...source].length > CONSENT_SOURCE_MAX)
    throw new AppError("validation_failed", f.consentSourceTooLong(CONSENT_SOURCE_MAX), { field: "consentSource" });
  return source;
}

/**
 * Imports a CSV file of contacts into one of the host's lists: read and judged again, then every line
 * in one transaction or none, if the host's lists have room for them all (CONTACTS_PER_HOST_MAX). The
 * importer states how the people agreed (`consentSource`) and who imported is recorded; a line without
 * its own consent date takes the import's. The preview's `importId` makes a second confirmation a
 * no-op; an address already on the list keeps its first consent.
 */
export async function importContacts(
  db: Db,
  input: {
    hostId: string;
    listId: string;
    text: string;
    importId: string;
    consentSource: string;
    consentConfirmed: boolean;
    importedBy: string;
    now: Date;
    /** The contacts a host's lists may hold in all (tests make it small). */
    contactsMax?: number;
  },
): Promise<{ imported: number; already: number }> {
  const contactsMax = input.contactsMax ?? CONTACTS_PER_HOST_MAX;
  const c = campaignMessages.csv;
  if (!isUuid(input.importId)) throw new AppError("bad_request", c.expired);
  const consentSource = checkConsentSource(input.consentSource);
  if (!input.consentConfirmed)
    throw new AppError("validation_failed", campaignMessages.fields.consentConfirm, { field: "consentConfirmed" });
  const reading = await previewContactImport(db, input);
  if (!reading.ok) throw new AppError("validation_failed", reading.problem);
  if (reading.invalid > 0) throw new AppError("validation_failed", c.refused(reading.invalid));
  return db.transaction(async (tx) => {
    await lockHost(tx, input.hostId);
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(marketingContact)
      .where(eq(marketingContact.hostId, input.hostId));
    // Counted as if every line were new (an address already on the list adds nothing, but rarely matters here).
    if (held + reading.valid > contactsMax)
      throw new AppError("conflict", campaignMessages.tooManyContacts(contactsMax, Math.max(0, contactsMax - held)));
    const claimed = await tx
      .insert(marketingImport)
      .values({
        id: input.importId,
        hostId: input.hostId,
        listId: input.listId,
        rows: reading.valid,
        consentSource,
        importedBy: input.importedBy,
      })
      .onConflictDoNothing()
      .returning({ id: marketingImport.id });
    if (claimed.length === 0) throw new AppError("conflict", c.alreadyImported);
    const drafts = reading.rows.flatMap((r) => (r.draft ? [r.draft] : []));
    let imported = 0;
    for (let i = 0; i < drafts.length; i += 500) {
      const rows = await tx
        .insert(marketingContact)
        .values(
          drafts.slice(i, i + 500).map((d) => ({
            listId: input.listId,
            hostId: input.hostId,
            email: d.email,
            name: d.name,
            consentAt: d.consentAt ?? input.now,
            consentSource,
            importId: input.importId,
            importedBy: input.importedBy,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: marketingContact.id });
      imported += rows.length;
    }
    return { imported, already: drafts.length - imported };
  });
}

/** A page of a list's contacts, with their consent, for the audiences page. */
export async function listContacts(db: Db, input: { hostId: string; listId: string; limit?: number }) {
  const list = await ownList(db, input.hostId, input.listId);
  const rows = await db
    .select({
      id: marketingContact.id,
      email: marketingContact.email,
      name: marketingContact.name,
      consentAt: marketingContact.consentAt,
      consentSource: marketingContact.consentSource,
    })
    .from(marketingContact)
    .where(and(eq(marketingContact.listId, list.id), eq(marketingContact.hostId, input.hostId)))
    .orderBy(asc(marketingContact.email))
    .limit(input.limit ?? 50);
  return { list, rows };
}

/** Keeps only the ids of lists that are the host's. */
export async function ownListIds(db: Db, hostId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: marketingList.id })
    .from(marketingList)
    .where(and(eq(marketingList.hostId, hostId), inArray(marketingList.id, wanted)));
  return rows.map((r) => r.id);
}
