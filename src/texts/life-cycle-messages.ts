/**
 * The words of an event's life-cycle actions in Partner Studio (the events list's menu, and the
 * editor's), apart from `messages` because that object ships with every page's up-front JavaScript
 * and these are needed only in the Studio. The spec's own toasts (event published, archived…) stay in
 * `studioMessages`.
 */
export const lifeCycleMessages = {
  noFreeBookings: "This event has no free bookings to cancel.",
  eventCancelled: "Event cancelled",
  freeOrdersCancelled: (n: number) => `Cancelled ${n} free ${n === 1 ? "booking" : "bookings"}`,
  refundsWaiting: (n: number) =>
    `${n} ${n === 1 ? "refund is" : "refunds are"} still being made: we'll finish ${n === 1 ? "it" : "them"} shortly.`,
  changedMeanwhile: "This event changed while you were looking at it. Please try again.",
  editCopy: "Edit the copy",
  /** The actions menu (event-actions.tsx). */
  actions: {
    publish: "Publish",
    unpublish: "Unpublish",
    duplicate: "Duplicate",
    archive: "Archive",
    cancel: "Cancel event",
    delete: "Delete",
    cancel_free_orders: "Cancel free bookings",
  },
  confirmArchive: (name: string) => ({
    title: `Archive ${name}?`,
    description:
      "It leaves the marketplace and stops selling. An archived event can be duplicated to run again, not reopened.",
    confirmLabel: "Archive",
  }),
  confirmCancel: (name: string, paidTickets: number) => ({
    title: `Cancel ${name}?`,
    description:
      paidTickets > 0
        ? `Everyone with a ticket is emailed, and every paid order is refunded in full ` +
          `(${paidTickets} paid ${paidTickets === 1 ? "ticket" : "tickets"}). This can't be undone.`
        : "Everyone with a ticket is emailed and their bookings are cancelled. This can't be undone.",
    confirmLabel: "Cancel event",
    cancelLabel: "Keep it",
  }),
  confirmDelete: (name: string) => ({
    title: `Delete ${name}?`,
    description: "It disappears from your events for good. This can't be undone.",
    confirmLabel: "Delete",
  }),
  confirmCancelFreeOrders: (freeTickets: number) => ({
    title: "Cancel the free bookings?",
    description:
      `${freeTickets} free ${freeTickets === 1 ? "ticket is" : "tickets are"} cancelled and ` +
      "their buyers emailed. Then you can delete the event.",
    confirmLabel: "Cancel bookings",
    cancelLabel: "Keep them",
  }),
} as const;
