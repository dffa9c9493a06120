import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/web/components/ui/toast";
import type { Flash } from "~/web/lib/flash";

/** Shows the one-time message the previous action left (it arrives with the page, once). */
export function FlashToast({ flash }: { flash: Flash | null }) {
  const navigate = useNavigate();
  const shown = useRef<Flash | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash) return;
    shown.current = flash;
    const show = flash.tone === "success" ? toast.success : flash.tone === "error" ? toast.error : toast.info;
    const link = flash.link;
    show(
      flash.text,
      link ? { action: { label: link.label, onClick: () => void navigate(link.href) }, duration: 10_000 } : undefined,
    );
  }, [flash, navigate]);
  return null;
}
