import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BIO_MAX_LENGTH,
  isValidPhone,
  normaliseBio,
  normaliseUsername,
  type ProfileInput,
  usernameProblem,
  HOST_TITLE_MAX_LENGTH,
  validateHostOnboarding,
  validateProfile,
} from "./profile-rules";

const base: ProfileInput = { firstName: "Ada", lastName: "Lovelace", username: "", phone: "", bio: "", hostTitle: "" };
const problemsOf = (input: Partial<ProfileInput>, isHost = false) => {
  const result = validateProfile({ ...base, ...input }, { isHost });
  return result.ok ? [] : result.problems;
};

describe("usernameProblem", () => {
  it("allows lowercase letters, digits, underscore and hyphen, 3 to 30 characters", () => {
    expect(usernameProblem("the_crown-collective")).toBeNull();
    expect(usernameProblem("abc")).toBeNull();
    expect(usernameProblem("a".repeat(30))).toBeNull();
  });

  it("says what is wrong", () => {
    expect(usernameProblem("")).toBe("required");
    expect(usernameProblem("ab")).toBe("too_short");
    expect(usernameProblem("a".repeat(31))).toBe("too_long");
    expect(usernameProblem("Ada")).toBe("invalid_characters");
    expect(usernameProblem("ada lovelace")).toBe("invalid_characters");
    expect(usernameProblem("ada.l")).toBe("invalid_characters");
    expect(usernameProblem("adé")).toBe("invalid_characters");
  });

  it("keeps the site's own top-level paths for the site", () => {
    for (const path of ["explore", "events", "api", "media", "log-in", "hosts", "user", "ticketyboo"])
      expect(usernameProblem(path)).toBe("reserved");
  });

  it("accepts exactly what the database's format check accepts", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        if (usernameProblem(s) === null) expect(s).toMatch(/^[a-z0-9_-]{3,30}$/);
      }),
    );
  });
});

describe("normaliseUsername", () => {
  it("trims, lower-cases and drops a pasted @", () => {
    expect(normaliseUsername("  @CrownCollective ")).toBe("crowncollective");
  });
});

describe("isValidPhone", () => {
  it("takes UK numbers as people write them", () => {
    for (const phone of [
      "07700 900123",
      "07700900123",
      "+44 7700 900123",
      "(020) 7946 0958",
      "020-7946-0958",
      "+447700900123",
    ]) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it("needs 10 to 15 digits and nothing but digits, spaces, brackets, hyphens and a leading +", () => {
    for (const phone of ["12345", "0770090012345678", "07700 9001x3", "07700+900123", "ring me", "++447700900123"]) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });
});

describe("normaliseBio", () => {
  it("counts a browser's CRLF line break as one character", () => {
    expect(normaliseBio("one\r\ntwo")).toBe("one\ntwo");
  });
});

describe("validateProfile", () => {
  it("cleans the values: trimmed names, lower-case username, empty optional fields as null", () => {
    const result = validateProfile(
      { ...base, firstName: "  Ada  ", lastName: "King  Lovelace", username: " AdaL ", phone: " 07700  900123 " },
      { isHost: false },
    );
    expect(result).toEqual({
      ok: true,
      values: { firstName: "Ada", lastName: "King Lovelace", username: "adal", phone: "07700 900123", bio: null },
    });
  });

  it("reports every problem at once", () => {
    expect(
      problemsOf({
        firstName: " ",
        lastName: "x".repeat(51),
        username: "a b",
        phone: "123",
        bio: "b".repeat(BIO_MAX_LENGTH + 1),
      }),
    ).toEqual([
      { field: "firstName", problem: "required" },
      { field: "lastName", problem: "too_long" },
      { field: "username", problem: "invalid_characters" },
      { field: "phone", problem: "invalid" },
      { field: "bio", problem: "too_long" },
    ]);
  });

  it("counts the bio in characters, not UTF-16 units, and line breaks once", () => {
    expect(problemsOf({ bio: "🎸".repeat(BIO_MAX_LENGTH) })).toEqual([]);
    expect(problemsOf({ bio: "a\r\n".repeat(250).trim() })).toEqual([]);
  });

  it("refuses control characters and angle brackets in names", () => {
    expect(problemsOf({ firstName: "Ada\u0000" })).toEqual([{ field: "firstName", problem: "invalid" }]);
    expect(problemsOf({ lastName: "<b>Lovelace</b>" })).toEqual([{ field: "lastName", problem: "invalid" }]);
  });

  it("lets a buyer go without a username, but not a host, whose booking page needs one", () => {
    expect(problemsOf({ username: "" })).toEqual([]);
    expect(problemsOf({ username: "", hostTitle: "The Crown" }, true)).toEqual([
      { field: "username", problem: "required" },
    ]);
  });

  it("asks hosts for a host name and ignores it for buyers", () => {
    expect(problemsOf({ username: "crown", hostTitle: "" }, true)).toEqual([
      { field: "hostTitle", problem: "required" },
    ]);
    const host = validateProfile({ ...base, username: "crown", hostTitle: " The  Crown " }, { isHost: true });
    expect(host.ok && host.values.hostTitle).toBe("The Crown");
    const buyer = validateProfile({ ...base, hostTitle: "Sneaky" }, { isHost: false });
    expect(buyer.ok && "hostTitle" in buyer.values).toBe(false);
  });
});

describe("validateHostOnboarding", () => {
  const onboarding = { hostTitle: "The Crown Collective", username: "thecrown", bio: "" };
  const problems = (input: Partial<typeof onboarding>) => {
    const result = validateHostOnboarding({ ...onboarding, ...input });
    return result.ok ? [] : result.problems;
  };

  it("needs a host name and a username; the bio may be empty", () => {
    expect(validateHostOnboarding(onboarding)).toEqual({
      ok: true,
      values: { hostTitle: "The Crown Collective", username: "thecrown", bio: null },
    });
    expect(problems({ hostTitle: "  ", username: "" })).toEqual([
      { field: "hostTitle", problem: "required" },
      { field: "username", problem: "required" },
    ]);
  });

  it("cleans what it keeps: single spaces in the name, a lower-case username without '@', the bio trimmed", () => {
    expect(
      validateHostOnboarding({ hostTitle: "  The   Crown ", username: " @TheCrown ", bio: " Quiz\r\nnights " }),
    ).toEqual({ ok: true, values: { hostTitle: "The Crown", username: "thecrown", bio: "Quiz\nnights" } });
  });

  it("holds the host name to 80 characters and nothing unsafe, the bio to 500", () => {
    expect(problems({ hostTitle: "a".repeat(HOST_TITLE_MAX_LENGTH) })).toEqual([]);
    expect(problems({ hostTitle: "a".repeat(HOST_TITLE_MAX_LENGTH + 1) })).toEqual([
      { field: "hostTitle", problem: "too_long" },
    ]);
    expect(problems({ hostTitle: "<b>Crown</b>" })).toEqual([{ field: "hostTitle", problem: "invalid" }]);
    expect(problems({ bio: "a".repeat(BIO_MAX_LENGTH) })).toEqual([]);
    expect(problems({ bio: "a".repeat(BIO_MAX_LENGTH + 1) })).toEqual([{ field: "bio", problem: "too_long" }]);
  });

  it("refuses the app's own route names as a booking page's address", () => {
    for (const word of ["events", "hosts", "search", "explore", "blogs", "help", "legal", "api", "staff", "studio"])
      expect(problems({ username: word })).toEqual([{ field: "username", problem: "reserved" }]);
    // One letter is too short for any username, the Studio's /h and the buyer's /u among them.
    for (const word of ["h", "u"])
      expect(problems({ username: word })).toEqual([{ field: "username", problem: "too_short" }]);
  });
});
