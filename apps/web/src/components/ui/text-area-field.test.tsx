import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { TextAreaField } from "./text-area-field";
import { TextField } from "./text-field";

/** The value of `attribute` on the first `tag` of the markup. */
function attr(html: string, tag: string, attribute: string): string | undefined {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? "";
  return new RegExp(`${attribute}="([^"]*)"`).exec(element)?.[1];
}

describe("field frame", () => {
  it("labels the text area and describes it with its hint, then its error", async () => {
    const html = await renderStatic(
      <TextAreaField
        label="Message"
        hint="Décrivez votre demande."
        error="Le message est trop court."
        aside="3 / 4 000"
        name="message"
        readOnly
        value="abc"
      />,
    );
    const id = attr(html, "textarea", "id");
    expect(id).toBeTruthy();
    expect(attr(html, "label", "for")).toBe(id);
    expect(attr(html, "textarea", "aria-invalid")).toBe("true");
    expect(attr(html, "textarea", "aria-describedby")).toBe(`${id}-hint ${id}-error`);
    // The hint is read before typing a long text: between the label and the field.
    expect(html.indexOf("Décrivez")).toBeLessThan(html.indexOf("<textarea"));
    expect(html).toContain(`<p id="${id}-error"`);
    expect(html.indexOf("3 / 4 000")).toBeGreaterThan(html.indexOf("Le message est trop court."));
  });

  it("gives the input the same wiring, its hint under the field", async () => {
    const html = await renderStatic(
      <TextField label="Code" hint="Lettres et chiffres" name="code" readOnly value="" />,
    );
    const id = attr(html, "input", "id");
    expect(attr(html, "label", "for")).toBe(id);
    expect(attr(html, "input", "aria-describedby")).toBe(`${id}-hint`);
    expect(attr(html, "input", "aria-invalid")).toBeUndefined();
    expect(html.indexOf("Lettres")).toBeGreaterThan(html.indexOf("<input"));
  });

  it("describes nothing when there is neither hint nor error", async () => {
    const html = await renderStatic(<TextAreaField label="Réponse" readOnly value="" />);
    expect(attr(html, "textarea", "aria-describedby")).toBeUndefined();
  });
});
