import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enApp from "../../../locales/en/app.json";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderStatic, textOf } from "../../../test/render-static";
import { DeleteAccountDialog } from "./delete-account-dialog";

const render = () =>
  renderStatic(<DeleteAccountDialog open onClose={() => undefined} onErased={() => undefined} />);

loadCatalogs({ app: frApp });
loadCatalogs({ app: enApp }, "en");

describe("DeleteAccountDialog", () => {
  it("says what is erased and what is kept, and asks the password and the typed word", async () => {
    const html = await render();
    const shown = textOf(html);
    expect(html).toMatch(/^<dialog [^>]*aria-labelledby="[^"]+"[^>]*aria-describedby="[^"]+"/);
    expect(shown).toContain("|Supprimer votre compte ?|");
    expect(shown).toContain("|Ce qui est effacé|");
    expect(shown).toContain("informations et photos de votre vérification d'identité");
    expect(shown).toContain("|Ce qui est conservé|");
    expect(shown).toContain("rattachés à un compte anonyme : la comptabilité l'exige");
    expect(shown).toContain(
      "Un retrait en cours doit être terminé ou annulé avant la suppression.",
    );
    expect(shown).toContain("|Mot de passe|");
    expect(html).toContain('autoComplete="current-password"');
    expect(shown).toContain("|Tapez SUPPRIMER pour confirmer|");
    expect(shown).toContain("|Annuler|Supprimer définitivement|");
  });

  it("asks for the word of the reader's language", async () => {
    await i18next.changeLanguage("en");
    try {
      const shown = textOf(await render());
      expect(shown).toContain("|Type DELETE to confirm|");
      expect(shown).toContain("|Delete your account?|");
    } finally {
      await i18next.changeLanguage("fr");
    }
  });
});
