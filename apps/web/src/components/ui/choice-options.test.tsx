import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { ChoiceOptions, countRange } from "./choice-options";

describe("choice options", () => {
  it("lists one option a value, labelled, led by the empty one when asked", async () => {
    const html = await renderStatic(
      <select defaultValue="b">
        <ChoiceOptions values={["a", "b"]} label={(v) => v.toUpperCase()} any="Tous" />
      </select>,
    );
    expect(html).toContain('<option value="">Tous</option>');
    expect(html).toContain('<option value="a">A</option>');
    expect(html).toMatch(/<option value="b"[^>]*>B<\/option>/);
  });

  it("shows the value itself without a label, and no empty option without `any`", async () => {
    const html = await renderStatic(
      <select>
        <ChoiceOptions values={countRange(1, 3)} />
      </select>,
    );
    expect(html).not.toContain('value=""');
    expect(html.match(/<option/g)).toHaveLength(3);
    expect(html).toContain('<option value="3">3</option>');
  });

  it("counts from min to max, both included", () => {
    expect(countRange(1, 24)).toHaveLength(24);
    expect(countRange(2, 2)).toEqual([2]);
  });
});
