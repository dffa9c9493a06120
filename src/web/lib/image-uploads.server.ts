import type { AppLoadContext } from "react-router";
import { AppError } from "~/lib/app-error";
import type { ThrottleRule } from "~/services/throttle";
import { messages } from "~/texts/messages";

/**
 * Pictures one person may upload in a window: a profile, a cover and an event's twelve pictures, twice over, and few
 * enough that nobody keeps the one decode slot (`UPLOAD_DECODES_AT_ONCE`) busy for everyone else's uploads.
 */
export const IMAGE_UPLOADS: ThrottleRule = { limit: 30, windowMs: 10 * 60_000 };

/**
 * Counts one picture against the person's allowance, before it is decoded. Past it, a refusal on the picture's field
 * (an AppError its form shows there, as `isImageRefusal` knows), and nothing is decoded.
 */
export async function countImageUpload(context: AppLoadContext, userId: string, field: string): Promise<void> {
  const counted = await context.throttle.hit(`image-upload:${userId}`, IMAGE_UPLOADS, new Date());
  if (!counted.allowed) throw new AppError("rate_limited", messages.images.tooManyUploads, { field });
}
