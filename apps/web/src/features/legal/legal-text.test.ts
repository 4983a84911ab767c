import { describe, expect, it } from "vitest";
import { isAllowedTarget, parseLegalText } from "./legal-text";

describe("the legal texts' markup", () => {
  it("makes paragraphs, lists and links", () => {
    expect(
      parseLegalText(
        "Voir votre [profil](/profile).\n\n- Un : [écrire](mailto:dpo@fre.fr)\n- Deux\n\nFin [CNIL](https://www.cnil.fr).",
      ),
    ).toEqual([
      {
        kind: "paragraph",
        content: [{ text: "Voir votre " }, { text: "profil", href: "/profile" }, { text: "." }],
      },
      {
        kind: "list",
        items: [
          [{ text: "Un : " }, { text: "écrire", href: "mailto:dpo@fre.fr" }],
          [{ text: "Deux" }],
        ],
      },
      {
        kind: "paragraph",
        content: [{ text: "Fin " }, { text: "CNIL", href: "https://www.cnil.fr" }, { text: "." }],
      },
    ]);
  });

  it("shows a link to anything but a page, an address or an https site as plain words", () => {
    for (const href of ["javascript:alert", "http://fre.fr", "//evil.fr", "data:text/html,x"]) {
      expect(isAllowedTarget(href), href).toBe(false);
      expect(parseLegalText(`[ici](${href})`)).toEqual([
        { kind: "paragraph", content: [{ text: "ici" }] },
      ]);
    }
  });
});
