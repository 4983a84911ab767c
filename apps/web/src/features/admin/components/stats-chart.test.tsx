import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderStatic } from "../../../test/render-static";
import { dayNoon, StatsChart } from "./stats-chart";

loadCatalogs({ admin: frAdmin });

const points = [
  { day: "2026-06-13", value: "4" },
  { day: "2026-06-14", value: "9" },
  { day: "2026-06-15", value: "2" },
];

const render = () =>
  renderStatic(
    <StatsChart
      title="Nouveaux utilisateurs"
      points={points}
      toNumber={Number}
      formatValue={(value) => `${value} u`}
      formatTick={String}
      testId="chart"
    />,
  );

describe("StatsChart", () => {
  it("gives the series as a table for screen readers and hides the canvas from them", async () => {
    const html = await render();
    expect(html).toContain('<table class="sr-only"');
    expect(html.match(/<tr>/g)).toHaveLength(4);
    expect(html).toContain("<td>9 u</td>");
    expect(html).toMatch(/<th scope="row">14 juin 2026<\/th>/);
    expect(html).toMatch(/aria-hidden="true"[^>]*data-testid="chart-canvas"/);
  });

  it("sums the series up in words: today's value and the peak with its day", async () => {
    const html = (await render()).replaceAll("&#x27;", "'");
    expect(html).toContain("Aujourd'hui : 2 u · maximum : 9 u le 14 juin 2026");
  });

  it("places a UTC day at its noon, so any nearby time zone shows that day", () => {
    expect(new Date(dayNoon("2026-06-15")).toISOString()).toBe("2026-06-15T12:00:00.000Z");
  });
});
