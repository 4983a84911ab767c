import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { ChoiceOptions } from "./choice-options";
import { SelectField } from "./select-field";

describe("select field", () => {
  it("labels the select and describes it with its error, the frame taking the classes", async () => {
    const html = await renderStatic(
      <SelectField label="Type" error="Choisissez un type." className="col-span-2" defaultValue="a">
        <ChoiceOptions values={["a", "b"]} />
      </SelectField>,
    );
    const id = /<select[^>]*\bid="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error"`);
    expect(html).toMatch(/<div class="[^"]*col-span-2"/);
    expect(html).toContain('<option value="b">b</option>');
  });
});
