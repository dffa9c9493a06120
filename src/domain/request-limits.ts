import { IMAGE_MAX_BYTES } from "~/domain/image-rules";

/** The most any request body may weigh (forms, JSON, sign-in), except the forms that carry images. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The profile form carries up to two images (spec §5: 10 MB each), plus a little text. It is the
 * only form that uploads, and the only one allowed more than REQUEST_BODY_MAX_BYTES.
 */
export const PROFILE_FORM_MAX_BYTES = 2 * IMAGE_MAX_BYTES + 512 * 1024;

/** Pages whose actions take uploads, by path (React Router's data requests add ".data"). */
const UPLOAD_LIMITS: Record<string, number> = {
  "/u/settings/profile": PROFILE_FORM_MAX_BYTES,
};

/** The body limit for a request to `path`. */
export function bodyLimitFor(path: string): number {
  return UPLOAD_LIMITS[path.endsWith(".data") ? path.slice(0, -".data".length) : path] ?? REQUEST_BODY_MAX_BYTES;
}
