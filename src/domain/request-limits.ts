import { IMAGE_MAX_BYTES } from "~/domain/image-rules";

/** The most any request body may weigh (forms, JSON, sign-in), except the forms that carry images. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The most fields a form may send (the largest of ours, a seat plan or a long ticket list, sends a
 * few hundred). A megabyte of empty fields is half a million of them, each read by every check.
 */
export const FORM_FIELDS_MAX = 5_000;

/** How deeply a JSON body may nest (ours nest three or four levels; checking a deeper one recursed out of stack). */
export const JSON_DEPTH_MAX = 64;

/**
 * The profile form carries up to two images (spec §5: 10 MB each), plus a little text. The forms
 * that upload are the only ones allowed more than REQUEST_BODY_MAX_BYTES.
 */
export const PROFILE_FORM_MAX_BYTES = 2 * IMAGE_MAX_BYTES + 512 * 1024;

/** One image and a little text: onboarding's profile image, an event's picture. */
export const ONE_IMAGE_FORM_MAX_BYTES = IMAGE_MAX_BYTES + 512 * 1024;

/** Pages whose actions take uploads, by path (React Router's data requests add ".data"). */
const UPLOAD_LIMITS: Record<string, number> = {
  "/u/settings/profile": PROFILE_FORM_MAX_BYTES,
  "/h/onboarding": ONE_IMAGE_FORM_MAX_BYTES,
  "/h/onlineprofile": PROFILE_FORM_MAX_BYTES,
  // The staff console's post editor (a header picture and up to 50,000 characters) and its body pictures.
  "/admin/content/new": ONE_IMAGE_FORM_MAX_BYTES,
  "/admin/content/pictures": ONE_IMAGE_FORM_MAX_BYTES,
};

/** The staff console's editor of one post. */
const CONTENT_POST_EDITOR = /^\/admin\/content\/[0-9a-f-]{36}$/;

/** The event editor's overview, where pictures are added. */
const EVENT_OVERVIEW = /^\/h\/events\/[0-9a-f-]{36}\/edit$/;

/** The body limit for a request to `path`. */
export function bodyLimitFor(path: string): number {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  if (EVENT_OVERVIEW.test(page) || CONTENT_POST_EDITOR.test(page)) return ONE_IMAGE_FORM_MAX_BYTES;
  return UPLOAD_LIMITS[page] ?? REQUEST_BODY_MAX_BYTES;
}
