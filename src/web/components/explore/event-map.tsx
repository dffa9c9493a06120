import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { LatLng } from "~/domain/discovery";
import type { MapPinData } from "~/services/explore-events";

interface EventMapProps {
  pins: MapPinData[];
  /** Where to look when there are no pins (the person's location, or the UK). */
  centre: LatLng;
  zoom: number;
  /** The person's own position, drawn as a dot. */
  you?: LatLng | null;
  tileUrl: string;
  /** What the map region is called for screen readers. */
  label?: string;
}

/**
 * The map beside the list: Leaflet with clustered pins, loaded in the browser only (it needs the
 * DOM) and only when the map is shown. Popups are built from text nodes, never HTML strings, so
 * an event's name cannot inject markup. If tiles cannot load, the pins and the list still work.
 */
export function EventMap({ pins, centre, zoom, you, tileUrl, label = "Map of these events" }: EventMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    (async () => {
      const L = (await import("leaflet")).default;
      // The cluster plugin extends the global L.
      (window as unknown as { L: typeof L }).L = L;
      await import("leaflet.markercluster");
      if (cancelled || !container.current) return;
      // Tiles fade, the map zooms and clusters split without animation for people who ask for less motion.
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const motion = { fadeAnimation: !still, zoomAnimation: !still, markerZoomAnimation: !still };
      map = L.map(container.current, { scrollWheelZoom: false, keyboard: true, zoomControl: true, ...motion }).setView(
        [centre.lat, centre.lng],
        zoom,
      );
      L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }).addTo(map);
      const icon = L.divIcon({
        className: "tb-pin",
        html: "<span></span>",
        iconSize: [28, 28],
        iconAnchor: [14, 28],
        popupAnchor: [0, -26],
      });
      const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48, animate: !still });
      for (const pin of pins) {
        const marker = L.marker([pin.lat, pin.lng], { icon, title: pin.name, alt: pin.name, keyboard: true });
        marker.bindPopup(() => popup(pin));
        cluster.addLayer(marker);
      }
      map.addLayer(cluster);
      if (you)
        L.circleMarker([you.lat, you.lng], {
          radius: 7,
          color: "#ffffff",
          weight: 3,
          fillColor: "#2563eb",
          fillOpacity: 1,
        })
          .addTo(map)
          .bindTooltip("You are here");
      if (pins.length > 0) {
        const bounds = L.latLngBounds(pins.map((p) => [p.lat, p.lng] as [number, number]));
        if (you) bounds.extend([you.lat, you.lng]);
        // No animation: a map removed mid-zoom (the person navigates on) makes Leaflet throw.
        map.fitBounds(bounds, { padding: [32, 32], maxZoom: 14, animate: false });
      }
      setStatus("ready");
    })().catch(() => !cancelled && setStatus("failed"));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [pins, centre.lat, centre.lng, zoom, you, tileUrl]);

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
          {status === "loading" ? "Loading the map…" : "The map could not load. Every event is in the list."}
        </p>
      ) : null}
    </div>
  );
}

function popup(pin: MapPinData): HTMLElement {
  const box = document.createElement("div");
  box.className = "tb-popup";
  const link = document.createElement("a");
  link.href = `/events/${pin.slug}`;
  link.textContent = pin.name;
  link.className = "tb-popup-title";
  const when = document.createElement("p");
  when.textContent = pin.when;
  const where = document.createElement("p");
  where.textContent = pin.where;
  box.append(link, when, where);
  if (pin.price) {
    const price = document.createElement("p");
    price.className = "tb-popup-price";
    price.textContent = pin.price;
    box.append(price);
  }
  return box;
}
