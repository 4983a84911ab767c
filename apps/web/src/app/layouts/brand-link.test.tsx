import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { BrandLink } from "./brand-link";

describe("BrandLink", () => {
  it("links home with the logo, the name and a label for screen readers", async () => {
    const html = await renderStatic(
      <MemoryRouter>
        <BrandLink to="/dashboard" label="Minage" />
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<a [^>]*href="\/dashboard"/);
    expect(html).toContain("<span>FRE</span>");
    expect(html).toContain('<span class="sr-only">— Minage</span>');
  });
});
