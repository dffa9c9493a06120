import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { LatLng } from "~/domain/discovery";

/** The whole UK in view, before there is a pin to look at. */
const UK_VIEW = { centre: { lat: 54.4, lng: -3.2 }, zoom: 5 };
/** How far one arrow key moves the pin, in screen pixels (so it means the same at every zoom). */
const NUDGE_PX = 12;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

interface VenuePinMapProps {
  /** Where the pin is; null: none yet (the map shows the UK). */
  pin: LatLng | null;
  /** The host moved the pin: by dragging it, clicking the map, or its arrow keys. */
  onMove: (pin: LatLng) => void;
  tileUrl: string;
  label: string;
  /** What the pin is called for screen readers (it is a focusable control). */
  pinLabel: string;
}

/**
 * A map with one pin the host puts on the venue's door: drag it, or click the map where it should
 * go (one press, no dragging needed), or focus it and use the arrow keys. Leaflet loads in the
 * browser only, on the pages that show this; the form works without it (the pin goes to the town).
 */
export function VenuePinMap({ pin, onMove, tileUrl, label, pinLabel }: VenuePinMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<Leaflet.Map | null>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const leaflet = useRef<typeof Leaflet | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  // Set up once; the pin is then moved in place, so the map never tears itself down as it is used.
  const startPin = useRef(pin);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const L = (await import("leaflet")).default;
      if (cancelled || !container.current) return;
      leaflet.current = L;
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const start = startPin.current;
      const m = L.map(container.current, {
        scrollWheelZoom: false,
        keyboard: true,
        fadeAnimation: !still,
        zoomAnimation: !still,
        markerZoomAnimation: !still,
      }).setView(start ? [start.lat, start.lng] : [UK_VIEW.centre.lat, UK_VIEW.centre.lng], start ? 16 : UK_VIEW.zoom);
      L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }).addTo(m);
      m.on("click", (e: Leaflet.LeafletMouseEvent) => moved.current({ lat: e.latlng.lat, lng: e.latlng.lng }));
      map.current = m;
      setStatus("ready");
    })().catch(() => !cancelled && setStatus("failed"));
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl]);

  // The pin follows the form: placed, moved by the town, or taken away.
  useEffect(() => {
    const L = leaflet.current;
    const m = map.current;
    if (status !== "ready" || !L || !m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const icon = L.divIcon({ className: "tb-pin", html: "<span></span>", iconSize: [28, 28], iconAnchor: [14, 28] });
      const made = L.marker([pin.lat, pin.lng], {
        icon,
        draggable: true,
        keyboard: true,
        title: pinLabel,
        alt: pinLabel,
      });
      made.on("dragend", () => {
        const at = made.getLatLng();
        moved.current({ lat: at.lat, lng: at.lng });
      });
      made.addTo(m);
      const element = made.getElement();
      if (element) {
        element.setAttribute("role", "button");
        element.setAttribute("aria-label", `${pinLabel}. Use the arrow keys to move it.`);
        element.addEventListener("keydown", (event) => {
          const step = ARROWS[event.key];
          if (!step) return;
          // The pin's keys move the pin, not the map under it.
          event.preventDefault();
          event.stopPropagation();
          const point = m.latLngToContainerPoint(made.getLatLng()).add([step[0] * NUDGE_PX, step[1] * NUDGE_PX]);
          const at = m.containerPointToLatLng(point);
          moved.current({ lat: at.lat, lng: at.lng });
        });
      }
      marker.current = made;
      m.setView([pin.lat, pin.lng], Math.max(m.getZoom(), 15), { animate: false });
      return;
    }
    const current = marker.current.getLatLng();
    if (current.lat === pin.lat && current.lng === pin.lng) return;
    marker.current.setLatLng([pin.lat, pin.lng]);
    // Keep the pin in view as it moves (the arrow keys can walk it off the edge).
    if (!m.getBounds().pad(-0.1).contains([pin.lat, pin.lng])) m.panTo([pin.lat, pin.lng], { animate: false });
  }, [pin, status, pinLabel]);

  return (
    // `isolate` keeps Leaflet's own z-indexes (up to 1000) inside the map, under the page's dialogs.
    <div className="relative isolate size-full">
      <div
        ref={container}
        role="region"
        aria-label={label}
        aria-busy={status === "loading"}
        className="size-full rounded-2xl bg-surface-2"
      />
      {status !== "ready" ? (
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-fg-muted" role="status">
          {status === "loading"
            ? "Loading the map…"
            : "The map could not load. We'll put the pin at the centre of the town or city."}
        </p>
      ) : null}
    </div>
  );
}
