import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { AdminTasksPage } from "./admin-tasks-page";

loadCatalogs({ admin: frAdmin, app: frApp });

describe("AdminTasksPage", () => {
  it("shows the task form: the kind and reward selects, the fields with their first values", async () => {
    const html = await renderWithQueries(<AdminTasksPage />);
    expect(html).toContain('data-testid="admin-task-form"');
    expect(html.match(/<select/g)).toHaveLength(2);
    expect(html).toContain('<option value="visit_link" selected="">');
    expect(html).toContain('<option value="fre" selected="">');
    expect(html).toContain('<option value="boost">');
    // The visit's minimum seconds, bound to the form's first values.
    expect(html).toContain('value="15"');
  });
});
