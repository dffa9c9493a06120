/**
 * Reads a form body only if it is small enough. A declared Content-Length over the limit is
 * refused before a byte is read; a body without one (chunked) is counted as it streams and
 * abandoned the moment it passes the limit, so an oversized upload never sits whole in memory.
 * Web-standard Request and Response only, so it needs no .server suffix.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | "too_large"> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > maxBytes)) return "too_large";

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too_large";
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  return new Response(body, { headers: { "Content-Type": contentType } }).formData();
}
