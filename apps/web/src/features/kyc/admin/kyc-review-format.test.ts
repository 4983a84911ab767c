import { describe, expect, it } from "vitest";
import { countryName, formatCalendarDay } from "./kyc-review-format";

describe("KYC review formatting", () => {
  it("writes a date of birth for people, in the admin's language", () => {
    expect(formatCalendarDay("1990-05-17", "fr")).toBe("17 mai 1990");
    expect(formatCalendarDay("1990-05-17", "en")).toBe("May 17, 1990");
    expect(formatCalendarDay("1990-05-17", "es")).toBe("17 de mayo de 1990");
    expect(formatCalendarDay("1990-05-17", "ru")).toMatch(/^17 мая 1990/);
    expect(formatCalendarDay("1990-05-17", "zh")).toBe("1990年5月17日");
  });

  it("keeps the calendar day whatever the time zone (no 31 December for 1 January)", () => {
    expect(formatCalendarDay("1990-01-01", "fr")).toBe("1 janvier 1990");
    expect(formatCalendarDay("2000-12-31", "en")).toBe("December 31, 2000");
  });

  it("shows anything that is no calendar day as given", () => {
    expect(formatCalendarDay("17/05/1990", "fr")).toBe("17/05/1990");
  });

  it("names a country instead of its ISO code, in the admin's language", () => {
    expect(countryName("FR", "fr")).toBe("France");
    expect(countryName("fr", "en")).toBe("France");
    expect(countryName("DE", "fr")).toBe("Allemagne");
    expect(countryName("DE", "es")).toBe("Alemania");
    expect(countryName("CI", "fr")).toBe("Côte d’Ivoire");
    expect(countryName("JP", "zh")).toBe("日本");
    expect(countryName("ES", "ru")).toBe("Испания");
  });
});
