import { parse, serialize } from "cookie";
import type { Flash } from "./flash";

const NAME = "tb_flash";

export function setFlash(headers: Headers, flash: Flash): Headers {
  headers.append(
    "Set-Cookie",
    serialize(NAME, JSON.stringify(flash), { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 }),
  );
  return headers;
}

export function readFlash(cookieHeader: string): Flash | null {
  const raw = parse(cookieHeader)[NAME];
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Flash>;
    if (typeof value.text !== "string" || !["success", "info", "error"].includes(value.tone ?? "")) return null;
    const link =
      value.link && typeof value.link.href === "string" && value.link.href.startsWith("/") ? value.link : undefined;
    return { tone: value.tone as Flash["tone"], text: value.text, link };
  } catch {
    return null;
  }
}

export const clearFlashCookie = serialize(NAME, "", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 0 });
