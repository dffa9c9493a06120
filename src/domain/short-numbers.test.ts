import { describe, expect, it } from "vitest";
import { shortenMoney, shortenNumber } from "./short-numbers";

describe("shortenNumber (spec §9: k, M, B, T)", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [999.4, "999"],
    [999.6, "1k"],
    [1000, "1k"],
    [1049, "1k"],
    [1050, "1.1k"],
    [12_345, "12.3k"],
    [99_999, "100k"],
    [999_949, "999.9k"],
    [999_950, "1M"],
    [999_999, "1M"],
    [1_000_000, "1M"],
    [2_500_000, "2.5M"],
    [999_999_999, "1B"],
    [1_000_000_000, "1B"],
    [1_500_000_000_000, "1.5T"],
    [1_200_000_000_000_000, "1,200T"],
  ])("%s → %s", (n, text) => {
    expect(shortenNumber(n)).toBe(text);
  });

  it("keeps the sign of a negative figure and never prints -0", () => {
    expect(shortenNumber(-1500)).toBe("-1.5k");
    expect(shortenNumber(-999)).toBe("-999");
    expect(shortenNumber(-999_999)).toBe("-1M");
    expect(shortenNumber(-0.2)).toBe("0");
  });

  it("never prints a step's thousand, for any figure up to a trillion", () => {
    for (let n = 1; n < 1e13; n = n * 1.37 + 1) {
      expect(shortenNumber(n)).not.toMatch(/^1000[kMB]$/);
      expect(shortenNumber(Math.round(n))).not.toMatch(/\.0[kMBT]?$/);
    }
  });
});

describe("shortenMoney", () => {
  it("shows amounts under a thousand exactly, in pounds and pence", () => {
    expect(shortenMoney(0, "GBP")).toBe("£0");
    expect(shortenMoney(99_999, "GBP")).toBe("£999.99");
    expect(shortenMoney(1200, "GBP")).toBe("£12");
    expect(shortenMoney(-1250, "GBP")).toBe("-£12.50");
  });

  it("shortens from a thousand pounds, counting pounds, not pence", () => {
    expect(shortenMoney(100_000, "GBP")).toBe("£1k");
    expect(shortenMoney(150_000, "GBP")).toBe("£1.5k");
    expect(shortenMoney(99_999_999, "GBP")).toBe("£1M");
    expect(shortenMoney(250_000_000, "EUR")).toBe("€2.5M");
    expect(shortenMoney(-150_000, "GBP")).toBe("-£1.5k");
  });
});
