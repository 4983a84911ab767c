import { describe, expect, it } from "vitest";
import { nanoToTon, shortAddress, trimTon, widgetLanguage } from "./ton-format";

describe("ton-format", () => {
  it("shortens an address to 4…4 and leaves short text alone", () => {
    expect(shortAddress("0QAbcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL")).toBe("0QAb…IJKL");
    expect(shortAddress("abc")).toBe("abc");
  });

  it("picks the widget's language", () => {
    expect(widgetLanguage("ru")).toBe("ru");
    expect(widgetLanguage("fr")).toBe("en");
    expect(widgetLanguage("zh")).toBe("en");
    expect(widgetLanguage(undefined)).toBe("en");
  });

  it("converts nanoTON to TON and trims zeros", () => {
    expect(nanoToTon("500000000")).toBe("0.500000000");
    expect(nanoToTon("12000000001")).toBe("12.000000001");
    expect(nanoToTon("0")).toBe("0.000000000");
    expect(() => nanoToTon("-1")).toThrow();
    expect(trimTon("1.500000000")).toBe("1.5");
    expect(trimTon("2.000000000")).toBe("2");
    expect(trimTon("3")).toBe("3");
  });
});
