import { describe, expect, it } from "vitest";
import { linkParts } from "./outbox-links";

const links = (text: string) =>
  linkParts(text).flatMap((part) => (part.kind === "link" ? [part.href] : []));

describe("outbox mail links", () => {
  it("makes http and https addresses clickable and keeps the text around them", () => {
    expect(
      linkParts("Confirmez : https://fre.example/verify?token=abc123\nOu http://localhost:5173/x"),
    ).toEqual([
      { kind: "text", text: "Confirmez : " },
      {
        kind: "link",
        text: "https://fre.example/verify?token=abc123",
        href: "https://fre.example/verify?token=abc123",
      },
      { kind: "text", text: "\nOu " },
      { kind: "link", text: "http://localhost:5173/x", href: "http://localhost:5173/x" },
    ]);
  });

  it("never links javascript:, data:, mailto: or relative addresses", () => {
    for (const text of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:someone@fre.example",
      "/reset-password?token=abc",
      "ftp://fre.example/file",
      "//fre.example/x",
    ]) {
      expect(linkParts(text), text).toEqual([{ kind: "text", text }]);
    }
  });

  it("only links the part that starts with http(s)://", () => {
    expect(links("javascript:alert(1)//https://fre.example/")).toEqual(["https://fre.example/"]);
    expect(links("xhttps://fre.example/")).toEqual([]);
    expect(links("https://")).toEqual([]);
    expect(links('https://fre.example/"onmouseover="alert(1)')).toEqual(["https://fre.example/"]);
  });

  it("leaves sentence punctuation and unopened brackets outside the link", () => {
    expect(links("Voir https://fre.example/a.")).toEqual(["https://fre.example/a"]);
    expect(links("(https://fre.example/a), puis")).toEqual(["https://fre.example/a"]);
    expect(links("https://fre.example/wiki/A_(b)")).toEqual(["https://fre.example/wiki/A_(b)"]);
  });

  it("returns plain text unchanged, and nothing for an empty body", () => {
    expect(linkParts("Bonjour,\n\nÀ bientôt.")).toEqual([
      { kind: "text", text: "Bonjour,\n\nÀ bientôt." },
    ]);
    expect(linkParts("")).toEqual([]);
  });
});
