/** Above the event: a draft only its host can see, or an event its host has cancelled. */
export function EventStatusNotices({
  status,
  isCancelled,
  isOwner,
}: {
  status: string;
  isCancelled: boolean;
  isOwner: boolean;
}) {
  return (
    <>
      {isOwner && status !== "published" ? (
        <p role="status" className="mt-4 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning">
          Only you can see this page: the event is {status}. Publish it in Partner Studio to start selling.
        </p>
      ) : null}
      {isCancelled ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger">
          This event has been cancelled by its host. Anyone with tickets will hear from them about refunds.
        </p>
      ) : null}
    </>
  );
}
