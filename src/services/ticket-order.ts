import { asc } from "drizzle-orm";
import { ticket } from "~/db/schema";

/**
 * The one order tickets are numbered in ("Ticket 1 of 2") on every page, PDF and email: by seat,
 * then as issued, then by id, since an order's tickets are issued in the same instant.
 */
export const ticketOrder = [asc(ticket.seatRow), asc(ticket.seatColumn), asc(ticket.createdAt), asc(ticket.id)] as const;
