import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { PasswordField } from "./password-field";

// Issue 34 point 12: the admin access code's show/hide toggle says « code », not « mot de passe ».
describe("PasswordField", () => {
  it("says what it hides: a password by default, the code for the admin access code", async () => {
    const password = await renderStatic(<PasswordField label="Mot de passe" />);
    expect(password).toContain('aria-label="Afficher le mot de passe"');
    const code = await renderStatic(<PasswordField label="Code d'accès" secret="code" />);
    expect(code).toContain('aria-label="Afficher le code"');
    expect(code).not.toContain("mot de passe");
  });
});
