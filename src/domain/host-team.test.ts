import { describe, expect, it } from "vitest";
import { HOST_ROLES } from "~/db/schema";
import { teamMessages } from "~/texts/studio-messages";
import {
  accepterProblem,
  invitationExpiresAt,
  invitationState,
  inviteeEmail,
  mayChangeTeam,
  maySeeTeam,
  TEAM_ROLES,
} from "./host-team";

const now = new Date("2026-11-26T10:00:00Z");

describe("a host's team", () => {
  it("has the database's roles, and only owners change it while managers see it", () => {
    expect(TEAM_ROLES).toEqual(HOST_ROLES);
    expect(TEAM_ROLES.filter(mayChangeTeam)).toEqual(["owner"]);
    expect(TEAM_ROLES.filter(maySeeTeam)).toEqual(["owner", "manager"]);
  });

  it("takes an invitee's address lower-cased and trimmed, naming what is wrong with it", () => {
    expect(inviteeEmail("  Mo.Manager@Example.COM ", "host@ticketyboo.test")).toEqual({
      ok: true,
      email: "mo.manager@example.com",
    });
    expect(inviteeEmail("   ", "host@ticketyboo.test")).toEqual({ ok: false, message: teamMessages.emailRequired });
    expect(inviteeEmail("mo@", "host@ticketyboo.test")).toEqual({ ok: false, message: teamMessages.emailInvalid });
    expect(inviteeEmail("a..b@example.com", "host@ticketyboo.test")).toMatchObject({ ok: false });
    expect(inviteeEmail(`${"a".repeat(250)}@example.com`, "host@ticketyboo.test")).toMatchObject({ ok: false });
    // The host's own address: they are the owner without an invitation.
    expect(inviteeEmail("HOST@ticketyboo.test", "host@ticketyboo.test")).toEqual({
      ok: false,
      message: teamMessages.emailIsHost,
    });
  });

  it("keeps an invitation open for seven days to the millisecond, then it has expired", () => {
    const expiresAt = invitationExpiresAt(now);
    expect(expiresAt.toISOString()).toBe("2026-12-03T10:00:00.000Z");
    const open = { expiresAt, acceptedAt: null, revokedAt: null };
    expect(invitationState(open, new Date(expiresAt.getTime() - 1))).toBe("open");
    expect(invitationState(open, expiresAt)).toBe("expired");
  });

  it("holds an answer or a revocation as final, expired or not", () => {
    const late = new Date("2027-01-01T00:00:00Z");
    const expiresAt = invitationExpiresAt(now);
    expect(invitationState({ expiresAt, acceptedAt: now, revokedAt: null }, late)).toBe("accepted");
    expect(invitationState({ expiresAt, acceptedAt: null, revokedAt: now }, now)).toBe("revoked");
  });

  it("lets only the invited address accept, once it is verified", () => {
    expect(accepterProblem({ email: "Mo@Example.com", emailVerified: true }, "mo@example.com")).toBeNull();
    expect(accepterProblem({ email: "other@example.com", emailVerified: true }, "mo@example.com")).toBe(
      "wrong_account",
    );
    expect(accepterProblem({ email: "mo@example.com", emailVerified: false }, "mo@example.com")).toBe("unverified");
    // Wrong account is said first: verifying the wrong address would not help.
    expect(accepterProblem({ email: "other@example.com", emailVerified: false }, "mo@example.com")).toBe(
      "wrong_account",
    );
  });
});
