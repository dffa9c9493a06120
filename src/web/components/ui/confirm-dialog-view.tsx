import { AlertDialog } from "radix-ui";
import type { ConfirmRequest } from "./confirm-dialog";

/** The Radix alert dialog behind confirm(), loaded on first use. */
export function ConfirmDialogView({
  request,
  close,
}: {
  request: ConfirmRequest | null;
  close: (confirmed: boolean) => void;
}) {
  return (
    // Only an explicit answer closes it: a menu closing underneath must not count as "Cancel".
    <AlertDialog.Root open={request !== null}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[90] bg-black/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onEscapeKeyDown={() => close(false)}
          className="card fixed top-1/2 left-1/2 z-[91] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 p-6
            focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold">{request?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted">
            {request?.description ?? ""}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary" onClick={() => close(false)}>
              {request?.cancelLabel ?? "Cancel"}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={request?.tone === "danger" ? "btn-danger" : "btn-primary"}
              onClick={() => close(true)}
            >
              {request?.confirmLabel ?? "Yes"}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
