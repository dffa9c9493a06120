import { sql } from "drizzle-orm";
import { ticket, ticketType } from "~/db/schema";
import { COMPANION_NAME_SUFFIX } from "~/domain/companion-tickets";

/**
 * A ticket's name as every list of tickets shows it (order page, My Tickets, PDFs, emails, a
 * transfer): its type's, marked for a free companion ticket as `ticketName` marks it (decision 0031).
 * For selects joining `ticket` and `ticket_type`.
 */
export const ticketNameColumn = () =>
  sql<string>`case when ${ticket.companion}
    then ${ticketType.name} || ${COMPANION_NAME_SUFFIX}::text else ${ticketType.name} end`;
