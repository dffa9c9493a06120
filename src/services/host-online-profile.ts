import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hostProfile, user } from "~/db/schema";
import {
  type BrandColorField,
  type BrandColors,
  checkBrandColors,
  checkSocialLinks,
  type SocialLinks,
  type SocialNetwork,
  socialLinksOf,
} from "~/domain/host-profile";
import { BIO_MAX_LENGTH, characterCount, hostTitleProblem, normaliseBio, normaliseName } from "~/domain/profile-rules";
import type { HostRole } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { messages } from "~/texts/messages";
import { ownedImageKey } from "./process-image-upload";

/** A host's online profile as the Studio edits it and the public profile shows it. */
export interface OnlineProfile {
  hostId: string;
  hostTitle: string;
  bio: string;
  username: string | null;
  image: string | null;
  coverImage: string | null;
  isVerified: boolean;
  socialLinks: SocialLinks;
  colors: BrandColors;
}

export type OnlineProfileField = "hostTitle" | "bio" | "image" | "coverImage" | SocialNetwork;

/** The host's online profile; not_found for an account that is not (or no longer) a host. */
export async function getOnlineProfile(db: Db, hostId: string): Promise<OnlineProfile> {
  const [row] = await db
    .select({
      hostTitle: user.hostTitle,
      name: user.name,
      bio: user.bio,
      username: user.username,
      image: user.image,
      coverImage: user.coverImage,
      isVerified: user.isVerified,
      socialLinks: hostProfile.socialLinks,
      brandColor: hostProfile.brandColor,
      accentColor: hostProfile.accentColor,
    })
    .from(user)
    .leftJoin(hostProfile, eq(hostProfile.hostId, user.id))
    .where(and(eq(user.id, hostId), eq(user.userType, "host"), isNull(user.deletedAt)));
  if (!row) throw new AppError("not_found");
  return {
    hostId,
    hostTitle: row.hostTitle ?? "",
    bio: row.bio ?? "",
    username: row.username,
    image: row.image,
    coverImage: row.coverImage,
    isVerified: row.isVerified,
    socialLinks: socialLinksOf(row.socialLinks),
    colors: { brandColor: row.brandColor, accentColor: row.accentColor },
  };
}

/** What anyone may see of a host's profile beyond the account row: links and colours. */
export async function publicHostExtras(
  db: Db,
  hostId: string,
): Promise<{ socialLinks: SocialLinks; colors: BrandColors }> {
  const [row] = await db
    .select({
      socialLinks: hostProfile.socialLinks,
      brandColor: hostProfile.brandColor,
      accentColor: hostProfile.accentColor,
    })
    .from(hostProfile)
    .where(eq(hostProfile.hostId, hostId));
  return {
    socialLinks: socialLinksOf(row?.socialLinks),
    colors: { brandColor: row?.brandColor ?? null, accentColor: row?.accentColor ?? null },
  };
}

export interface OnlineProfileInput {
  hostTitle: string;
  bio: string;
  social: Partial<Record<SocialNetwork, string>>;
}

function refuse(fields: Partial<Record<string, string>>): AppError {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError("validation_failed", message, { field, fields });
}

/** Every problem with the text of the form at once (the page checks before it decodes any image). */
export function onlineProfileProblems(input: OnlineProfileInput): Partial<Record<OnlineProfileField, string>> {
  const fields: Partial<Record<OnlineProfileField, string>> = {};
  const title = hostTitleProblem(normaliseName(input.hostTitle));
  if (title)
    fields.hostTitle = {
      required: messages.profile.hostTitleRequired,
      too_long: messages.profile.hostTitleTooLong,
      invalid: messages.profile.invalidHostTitle,
    }[title];
  if (characterCount(normaliseBio(input.bio)) > BIO_MAX_LENGTH) fields.bio = messages.profile.bioTooLong;
  const links = checkSocialLinks(input.social);
  if (!links.ok) Object.assign(fields, links.problems);
  return fields;
}

/**
 * Saves a host's online profile: host name, bio, images and links (owners and managers; the host
 * comes from the Studio's guard, never from the form). Images are already stored under the host's
 * prefix; `images` points the profile at them (null removes). Returns the host's own files that no
 * longer show, for the caller to delete after this commits.
 */
export async function saveOnlineProfile(
  db: Db,
  input: {
    hostId: string;
    profile: OnlineProfileInput;
    images?: { image?: string | null; coverImage?: string | null };
    now: Date;
  },
): Promise<{ changed: boolean; discardedImageKeys: string[] }> {
  const problems = onlineProfileProblems(input.profile);
  if (Object.keys(problems).length > 0) throw refuse(problems);
  const links = checkSocialLinks(input.profile.social);
  if (!links.ok) throw refuse(links.problems);
  const images = input.images ?? {};
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ hostTitle: user.hostTitle, bio: user.bio, image: user.image, coverImage: user.coverImage })
      .from(user)
      .where(and(eq(user.id, input.hostId), eq(user.userType, "host"), isNull(user.deletedAt)))
      .for("update");
    if (!current) throw new AppError("not_found");
    const [profile] = await tx
      .select({ socialLinks: hostProfile.socialLinks })
      .from(hostProfile)
      .where(eq(hostProfile.hostId, input.hostId));
    const bio = normaliseBio(input.profile.bio);
    const next = {
      hostTitle: normaliseName(input.profile.hostTitle),
      bio: bio === "" ? null : bio,
      ...("image" in images ? { image: images.image ?? null } : {}),
      ...("coverImage" in images ? { coverImage: images.coverImage ?? null } : {}),
    };
    const changes = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => current[k as keyof typeof current] !== v),
    ) as Partial<typeof next>;
    const linksChanged = JSON.stringify(socialLinksOf(profile?.socialLinks)) !== JSON.stringify(links.links);
    if (Object.keys(changes).length > 0)
      await tx
        .update(user)
        .set({ ...changes, updatedAt: input.now })
        .where(eq(user.id, input.hostId));
    if (linksChanged)
      await tx
        .insert(hostProfile)
        .values({ hostId: input.hostId, socialLinks: links.links, updatedAt: input.now })
        .onConflictDoUpdate({ target: hostProfile.hostId, set: { socialLinks: links.links, updatedAt: input.now } });
    const discardedImageKeys = (["image", "coverImage"] as const)
      .filter((k) => k in changes)
      .map((k) => ownedImageKey(current[k], input.hostId))
      .filter((k): k is string => k !== null);
    return { changed: Object.keys(changes).length > 0 || linksChanged, discardedImageKeys };
  });
}

/** Only a host's owners change its colours and payouts (issue 21): managers see them. */
export function mayChangeMoneyAndBrand(role: HostRole): boolean {
  return role === "owner";
}

/**
 * Saves a host's brand colours (owners only): each empty (the site's pink) or a colour white or
 * dark text reads on at 4.5:1, else the words saying which and why, and nothing changes.
 */
export async function saveBrandColors(
  db: Db,
  input: { hostId: string; role: HostRole; colors: Record<BrandColorField, string>; now: Date },
): Promise<{ changed: boolean; colors: BrandColors }> {
  if (!mayChangeMoneyAndBrand(input.role)) throw new AppError("forbidden", hostSettingsMessages.ownersOnly);
  const checked = checkBrandColors(input.colors);
  if (!checked.ok) throw refuse(checked.problems);
  const [host] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, input.hostId), eq(user.userType, "host"), isNull(user.deletedAt)));
  if (!host) throw new AppError("not_found");
  const current = await publicHostExtras(db, input.hostId);
  if (
    current.colors.brandColor === checked.colors.brandColor &&
    current.colors.accentColor === checked.colors.accentColor
  )
    return { changed: false, colors: checked.colors };
  await db
    .insert(hostProfile)
    .values({ hostId: input.hostId, ...checked.colors, updatedAt: input.now })
    .onConflictDoUpdate({ target: hostProfile.hostId, set: { ...checked.colors, updatedAt: input.now } });
  return { changed: true, colors: checked.colors };
}
