/** Directions to a place in the person's own maps app (Google Maps' universal link opens it). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
