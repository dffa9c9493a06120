import { Megaphone, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { SiteAlert } from "./site-alerts";

/** An alert from the team that takes over the page until 'Got it' (spec §2). */
export function FullPageNotice({ notice, onDone }: { notice: SiteAlert; onDone: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-bg" />
        <Dialog.Content className="fixed inset-0 z-[81] grid place-items-center p-6 focus:outline-none">
          <div className="max-w-lg text-center">
            <Megaphone aria-hidden className="mx-auto size-10 text-brand" />
            <Dialog.Title className="mt-4 text-2xl font-bold">{notice.heading}</Dialog.Title>
            <Dialog.Description className="mt-3 text-fg-muted">{notice.description}</Dialog.Description>
            <Dialog.Close className="btn-primary mt-8 px-8">Got it</Dialog.Close>
          </div>
          <Dialog.Close aria-label="Close" className="btn-ghost absolute top-4 right-4 size-10 p-0">
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
