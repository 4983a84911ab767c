import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { SettingsCard } from "./settings-card";

describe("SettingsCard", () => {
  it("is a section named by its heading, with its intro, content and note in order", async () => {
    const html = await renderStatic(
      <SettingsCard
        titleId="admin-x"
        title="Règles"
        intro="Elles s'appliquent aussitôt."
        note="Audité."
      >
        <form data-testid="x-form" />
      </SettingsCard>,
    );
    expect(html).toMatch(/^<section [^>]*aria-labelledby="admin-x">/);
    expect(html).toContain('<h2 id="admin-x" class="text-lg font-bold text-white">Règles</h2>');
    const order = ["<h2", "Elles s&#x27;appliquent aussitôt.", 'data-testid="x-form"', "Audité."];
    const at = order.map((text) => html.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it("has no note paragraph when there is no note", async () => {
    const html = await renderStatic(
      <SettingsCard titleId="admin-y" title="Calcul" intro="Maintenant.">
        <button type="button">Calculer</button>
      </SettingsCard>,
    );
    expect(html).not.toContain("text-xs");
    expect(html).toMatch(/<button type="button">Calculer<\/button><\/section>$/);
  });
});
