import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import {
  normaliseUsername,
  type ProfileInput,
  type ProfileProblem,
  usernameProblem,
  validateProfile,
} from "~/domain/profile-rules";
import { type AccessNeeds, accessNeedsOf, checkAccessNeeds } from "~/domain/access-needs";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { ownedImageKey } from "./process-image-upload";

/** What the settings page shows and edits. Images are public paths (/media/<key>) or null. */
export interface EditableProfile {
  userType: "buyer" | "host";
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  bio: string;
  hostTitle: string;
  image: string | null;
  coverImage: string | null;
  /** Private: shown only to the person, and shared with a host only when they choose to at checkout. */
  accessNeeds: AccessNeeds | null;
}

/** The access needs as the form sends them: the ticked needs and the free text. */
export interface AccessNeedsInput {
  needs: string[];
  notes: string;
}

export type ProfileFieldErrors = Partial<Record<keyof ProfileInput | "accessNotes", string>>;

const editable = {
  userType: user.userType,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  phone: user.phone,
  bio: user.bio,
  hostTitle: user.hostTitle,
  image: user.image,
  coverImage: user.coverImage,
  accessNeeds: user.accessNeeds,
};

type Row = Pick<typeof user.$inferSelect, keyof typeof editable>;

function toEditable(row: Row): EditableProfile {
  return {
    userType: row.userType === "host" ? "host" : "buyer",
    email: row.email ?? "",
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    username: row.username ?? "",
    phone: row.phone ?? "",
    bio: row.bio ?? "",
    hostTitle: row.hostTitle ?? "",
    image: row.image,
    coverImage: row.coverImage,
    accessNeeds: accessNeedsOf(row.accessNeeds),
  };
}

export async function getEditableProfile(db: Db, userId: string): Promise<EditableProfile> {
  const [row] = await db
    .select(editable)
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row) throw new AppError("not_found");
  return toEditable(row);
}

/** The words for each rule a profile can break (spec §5 and the error catalogue, §8). */
export function profileProblemMessage(p: ProfileProblem): string {
  const m = messages.profile;
  switch (p.field) {
    case "firstName":
      return p.problem === "required"
        ? messages.auth.firstNameRequired
        : p.problem === "too_long"
          ? m.firstNameTooLong
          : m.invalidFirstName;
    case "lastName":
      return p.problem === "required"
        ? messages.auth.lastNameRequired
        : p.problem === "too_long"
          ? m.lastNameTooLong
          : m.invalidLastName;
    case "username":
      return {
        required: m.usernameRequired,
        too_short: m.usernameTooShort,
        too_long: m.usernameTooLong,
        invalid_characters: m.usernameCharacters,
        // A reserved name reads like any other name that is not free.
        reserved: m.usernameTaken,
      }[p.problem];
    case "phone":
      return m.invalidPhone;
    case "bio":
      return m.bioTooLong;
    case "hostTitle":
      return p.problem === "required"
        ? m.hostTitleRequired
        : p.problem === "too_long"
          ? m.hostTitleTooLong
          : m.invalidHostTitle;
  }
}

/**
 * Whether someone other than `exceptUserId` could not already claim this username. A name that
 * breaks the rules is never available. The unique constraint still has the last word on save.
 */
export async function isUsernameAvailable(db: Db, username: string, exceptUserId: string): Promise<boolean> {
  const name = normaliseUsername(username);
  if (usernameProblem(name) !== null) return false;
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.username, name), ne(user.id, exceptUserId)))
    .limit(1);
  return !taken;
}

/**
 * Image changes that come with a save: a new public path, null to remove, absent to leave as is.
 * The files are already stored; this only points the profile at them.
 */
export interface ProfileImageChanges {
  image?: string | null;
  coverImage?: string | null;
}

function validationError(fieldErrors: ProfileFieldErrors): AppError {
  const [field, message] = Object.entries(fieldErrors)[0]!;
  return new AppError("validation_failed", message, { field, fields: fieldErrors });
}

/**
 * Saves the person's own profile (never anyone else's: the id comes from their session). Checks
 * every field at once and throws AppError("validation_failed") with `details.fields` naming
 * each field that is wrong, including a username someone else holds. The display `name` follows
 * the first and last names; the host name is written for hosts only. Writes nothing when nothing
 * changed. Access needs, when given, are saved with the rest (none ticked and no text clears them).
 * Returns the storage keys of the person's own uploads that were replaced or removed, for
 * the caller to delete once this has committed (never a file someone else stored).
 */
export async function updateProfile(
  db: Db,
  {
    userId,
    input,
    images = {},
    access,
    now,
  }: { userId: string; input: ProfileInput; images?: ProfileImageChanges; access?: AccessNeedsInput; now: Date },
): Promise<{ changed: boolean; profile: EditableProfile; discardedImageKeys: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ ...editable, name: user.name })
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deletedAt)))
        .for("update");
      if (!current) throw new AppError("not_found");

      const checked = validateProfile(input, { isHost: current.userType === "host" });
      const accessChecked = access ? checkAccessNeeds(access) : null;
      if (!checked.ok || (accessChecked && !accessChecked.ok)) {
        const fieldErrors: ProfileFieldErrors = {};
        if (!checked.ok) for (const p of checked.problems) fieldErrors[p.field] ??= profileProblemMessage(p);
        if (accessChecked && !accessChecked.ok) fieldErrors.accessNotes = messages.profile.accessNotesTooLong;
        throw validationError(fieldErrors);
      }
      const v = checked.values;
      const next = {
        firstName: v.firstName,
        lastName: v.lastName,
        name: `${v.firstName} ${v.lastName}`,
        username: v.username,
        phone: v.phone,
        bio: v.bio,
        ...(v.hostTitle !== undefined ? { hostTitle: v.hostTitle } : {}),
        ...("image" in images ? { image: images.image ?? null } : {}),
        ...("coverImage" in images ? { coverImage: images.coverImage ?? null } : {}),
        ...(accessChecked?.ok ? { accessNeeds: accessChecked.value } : {}),
      };
      const before: Record<string, unknown> = { ...current, accessNeeds: accessNeedsOf(current.accessNeeds) };
      // Access needs are an object: compared by what they hold.
      const same = (a: unknown, b: unknown) =>
        a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
      const changes: Partial<typeof user.$inferInsert> = Object.fromEntries(
        Object.entries(next).filter(([key, value]) => !same(before[key], value)),
      );
      if (Object.keys(changes).length === 0)
        return { changed: false, profile: toEditable(current), discardedImageKeys: [] };

      const [saved] = await tx
        .update(user)
        .set({ ...changes, updatedAt: now })
        .where(eq(user.id, userId))
        .returning(editable);
      const discardedImageKeys = (["image", "coverImage"] as const)
        .filter((k) => k in changes)
        .map((k) => ownedImageKey(current[k], userId))
        .filter((k): k is string => k !== null);
      return { changed: true, profile: toEditable(saved!), discardedImageKeys };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw validationError({ username: messages.profile.usernameTaken });
    throw error;
  }
}

/** A unique-constraint violation (SQLSTATE 23505) on the named column, from PGlite or pg, however wrapped. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint, detail } = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (code === "23505")
      return String(constraint ?? "").includes(column) || String(detail ?? "").includes(`(${column})`);
  }
  return false;
}
