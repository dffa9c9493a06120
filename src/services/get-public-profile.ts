import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { personName } from "~/lib/person-name";

/** What anyone may see of a person: never their email, phone or settings. */
export interface PublicProfile {
  id: string;
  userType: "buyer" | "host";
  /** The host name for hosts (falling back to their own name), "First Last" for everyone else. */
  displayName: string;
  /** The name a host hosts under, when they gave one (then they are an organisation to search engines). */
  hostTitle: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  isVerified: boolean;
  bio: string | null;
  image: string | null;
  coverImage: string | null;
  memberSince: Date;
}

/** A person's public profile, or null for an unknown id or a deleted account. */
export async function getPublicProfile(db: Db, userId: string): Promise<PublicProfile | null> {
  const [row] = await db
    .select({
      id: user.id,
      userType: user.userType,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      hostTitle: user.hostTitle,
      username: user.username,
      isVerified: user.isVerified,
      bio: user.bio,
      image: user.image,
      coverImage: user.coverImage,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row) return null;
  const isHost = row.userType === "host";
  const ownName = personName(row);
  return {
    id: row.id,
    userType: isHost ? "host" : "buyer",
    displayName: (isHost && row.hostTitle) || ownName,
    hostTitle: isHost ? row.hostTitle : null,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    // The badge is for verified hosts (spec §6); the flag means nothing on a buyer.
    isVerified: isHost && row.isVerified,
    bio: row.bio,
    image: row.image,
    coverImage: row.coverImage,
    memberSince: row.createdAt,
  };
}
