import { IMAGE_MAX_BYTES } from "~/domain/image-rules";

/** The most any request body may weigh (forms, JSON, sign-in), except the forms that carry images. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

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
};

/** The event editor's overview, where pictures are added. */
const EVENT_OVERVIEW = /^\/h\/events\/[0-9a-f-]{36}\/edit$/;

/** The body limit for a request to `path`. */
export function bodyLimitFor(path: string): number {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  if (EVENT_OVERVIEW.test(page)) return ONE_IMAGE_FORM_MAX_BYTES;
  return UPLOAD_LIMITS[page] ?? REQUEST_BODY_MAX_BYTES;
}
