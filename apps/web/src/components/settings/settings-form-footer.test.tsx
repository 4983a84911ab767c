import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { renderStatic } from "../../test/render-static";
import { SettingsFormFooter, type SettingsSave } from "./settings-form-footer";

const idle: SettingsSave = { isPending: false, isSuccess: false, error: null };

const footer = (save: SettingsSave, invalid: string | null = null) =>
  renderStatic(
    <form>
      <SettingsFormFooter
        save={save}
        invalid={invalid}
        saved="Réglages enregistrés."
        saveError="Impossible d'enregistrer."
        submit="Enregistrer"
      />
    </form>,
  );

const alerts = (html: string) =>
  [...html.matchAll(/<div role="(alert|status)"[^>]*>([^<]*)<\/div>/g)].map((m) => [m[1], m[2]]);

describe("SettingsFormFooter", () => {
  it("shows only an enabled submit button while nothing was submitted", async () => {
    const html = await footer(idle);
    expect(alerts(html)).toEqual([]);
    expect(html).toMatch(
      /^<form><button type="submit" class="[^"]* justify-self-start">Enregistrer<\/button><\/form>$/,
    );
  });

  it("disables the button while saving", async () => {
    expect(await footer({ ...idle, isPending: true })).toMatch(/<button[^>]* disabled="">/);
  });

  it("says why the typed values were refused, then saved, politely", async () => {
    expect(alerts(await footer(idle, "Valeurs invalides."))).toEqual([
      ["alert", "Valeurs invalides."],
    ]);
    expect(alerts(await footer({ ...idle, isSuccess: true }))).toEqual([
      ["status", "Réglages enregistrés."],
    ]);
  });

  it("shows the server's own message, else the form's", async () => {
    const refused = new ApiError(409, {
      error: "CONFLICT",
      message: "Le minimum dépasse le maximum.",
    });
    expect(alerts(await footer({ ...idle, error: refused }))).toEqual([
      ["alert", "Le minimum dépasse le maximum."],
    ]);
    expect(alerts(await footer({ ...idle, error: new TypeError("Failed to fetch") }))).toEqual([
      ["alert", "Impossible d&#x27;enregistrer."],
    ]);
  });

  it("takes the page's button placement", async () => {
    const html = await renderStatic(
      <SettingsFormFooter
        save={idle}
        saved="ok"
        saveError="ko"
        submit="Enregistrer"
        submitClassName="sm:justify-self-start"
      />,
    );
    expect(html).toContain(' sm:justify-self-start">Enregistrer</button>');
  });
});
