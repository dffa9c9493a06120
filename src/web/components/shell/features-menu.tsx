import { ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { featureLinks } from "~/web/lib/site-links";
import type { OnDemandState } from "../ui/on-demand";

/** The Radix menu behind the header's Features button, loaded on demand. */
export function FeaturesMenu({ triggerClass, defaultOpen, focusOnMount }: { triggerClass: string } & OnDemandState) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount && !defaultOpen) trigger.current?.focus();
  }, [focusOnMount, defaultOpen]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className={triggerClass}>
        Features <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className="card z-[60] w-80 p-2">
          {featureLinks.map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={link.to} className="block rounded-xl px-3 py-2 outline-none data-[highlighted]:bg-surface-2">
                <span className="block text-sm font-semibold">{link.label}</span>
                <span className="block text-xs text-fg-muted">{link.description}</span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
