import { describe, expect, it } from "vitest";
import { isUnsafeText, unsafeField, unsafeJsonField } from "./unsafe-text";

describe("isUnsafeText", () => {
  it("refuses NUL and lone surrogates, and nothing a person can type", () => {
    expect(isUnsafeText("a\u0000b")).toBe(true);
    expect(isUnsafeText("\uD800")).toBe(true);
    expect(isUnsafeText("x\uDC00")).toBe(true);
    expect(isUnsafeText("\uDBFFz")).toBe(true);
    expect(isUnsafeText("Zoë's gig 🎸 — £10\ttab\nline")).toBe(false);
    expect(isUnsafeText("\uFFFD")).toBe(false);
  });
});

describe("unsafeField", () => {
  it("names the first field whose name or value is unsafe", () => {
    expect(unsafeField(new URLSearchParams("q=ok&reason=bad%00&x=1"))).toBe("reason");
    expect(unsafeField(new URLSearchParams("q=ok&x=1"))).toBeNull();
    expect(unsafeField(new URLSearchParams("a%00=1"))).toBe("(field name)");
  });
});

describe("unsafeJsonField", () => {
  it("walks objects and arrays and names where the unsafe string is", () => {
    expect(unsafeJsonField({ email: "a@b.c", password: "p\u0000" })).toBe("password");
    expect(unsafeJsonField({ list: [{ name: "ok" }, { name: "\uD800" }] })).toBe("list[1].name");
    expect(unsafeJsonField({ ["k\u0000"]: 1 })).toBe("(field name)");
    expect(unsafeJsonField({ n: 1, ok: true, none: null, s: "fine" })).toBeNull();
  });
});
