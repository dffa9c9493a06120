import { data } from "react-router";
import { ticketAttachments } from "~/services/emails/after-sale";
import { linksInEmail } from "~/lib/email-links";
import { formatTimestamp } from "~/lib/format";
import { type EmailMessageSummary, getEmailMessage, listEmailMessages } from "~/services/list-email-messages";
import type { OutboxList, OutboxMessage } from "../components/email-outbox";
import type { TicketybooContext } from "../load-context";

/**
 * What the outbox pages show, for both places that show them: the dev outbox (/dev/outbox, only
 * where dev routes are on) and the staff area (/staff/outbox, for staff in every environment).
 * Each route decides who may look; these only read.
 */

/** Staff only; everyone else gets the ordinary 404, so the page does not say it exists. */
export function requireStaff(context: Pick<TicketybooContext, "user">) {
  if (!context.user?.isStaff) throw data(null, { status: 404 });
}

/** One stored email as a row of a list shows it (the outbox, Emails not delivered). */
export function presentEmail(m: EmailMessageSummary) {
  return {
    id: m.id,
    toAddress: m.toAddress,
    subject: m.subject,
    template: m.template,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    createdLabel: formatTimestamp(m.createdAt),
  };
}

/** Every stored email (queued, sent, failed), newest first, a page at a time, filtered by recipient. */
export async function loadOutboxList(
  context: Pick<TicketybooContext, "database">,
  request: Request,
): Promise<OutboxList> {
  const params = new URL(request.url).searchParams;
  const to = (params.get("to") ?? "").trim();
  const result = await listEmailMessages(context.database.db, { to, page: Number(params.get("page") ?? 1) || 1 });
  return {
    to,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    messages: result.messages.map(presentEmail),
  };
}

/** One stored email: its details, its links, the HTML as sent and the plain text; 404 when there is none. */
export async function loadOutboxMessage(
  context: Pick<TicketybooContext, "database">,
  id: string,
): Promise<OutboxMessage> {
  const message = await getEmailMessage(context.database.db, id);
  if (!message) throw data(null, { status: 404 });
  return {
    id: message.id,
    subject: message.subject,
    toAddress: message.toAddress,
    template: message.template,
    transport: message.transport,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: message.createdAt.toISOString(),
    createdLabel: formatTimestamp(message.createdAt),
    sentLabel: message.sentAt ? formatTimestamp(message.sentAt) : null,
    html: message.html,
    text: message.text,
    links: linksInEmail(message.html),
    attachments: message.attachments.map((a, i) => ({
      index: i,
      label: a.kind === "order-tickets" ? "Tickets (PDF, made as the email is sent)" : a.kind,
    })),
    headers: Object.entries(message.headers),
  };
}

/** An email's attachment, made as it would be when sent. */
export async function outboxAttachment(
  context: Pick<TicketybooContext, "database">,
  params: { id: string; index: string },
) {
  const message = await getEmailMessage(context.database.db, params.id);
  const ref = message?.attachments[Number(params.index)];
  const file = ref ? await ticketAttachments(context.database.db)(ref) : null;
  if (!file) throw new Response("No such attachment", { status: 404 });
  return new Response(new Uint8Array(file.content), {
    headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.filename}"` },
  });
}
