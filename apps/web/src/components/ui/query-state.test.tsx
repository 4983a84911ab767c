import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderStatic } from "../../test/render-static";
import { type QueryLike, QueryState } from "./query-state";

const query = <T,>(state: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...state,
});

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe("QueryState", () => {
  it("shows the loading status until the first answer", async () => {
    const html = await renderStatic(<QueryState query={query<string[]>({})}>{list}</QueryState>);
    expect(html).toContain('role="status"');
    expect(html).toContain("Chargement…");
    expect(html).not.toContain("<ul>");
  });

  it("shows a screen's own loading placeholder when given", async () => {
    const html = await renderStatic(
      <QueryState query={query<string[]>({})} loading={<p>skeleton</p>}>
        {list}
      </QueryState>,
    );
    expect(html).toBe("<p>skeleton</p>");
  });

  it("shows the API's message in an alert with a retry button under it", async () => {
    const failed = query<string[]>({ isError: true, error: new Error("Service indisponible.") });
    const html = await renderStatic(<QueryState query={failed}>{list}</QueryState>);
    expect(html).toMatch(
      /<div class="grid gap-3"><div role="alert"[^>]*>Service indisponible\.<\/div><button/,
    );
    expect(html).toContain(">Réessayer</button>");
    expect(html).not.toContain("Chargement");
  });

  it("shows the screen's text, with the retry inside the alert or none at all", async () => {
    const failed = query<string[]>({ isError: true, error: new Error("HTTP 500") });
    const inline = await renderStatic(
      <QueryState query={failed} error="Impossible de charger." retry="inline">
        {list}
      </QueryState>,
    );
    expect(inline).toMatch(
      /^<div role="alert"[^>]*><div class="flex[^"]*"><span>Impossible de charger\.<\/span><button[^>]*>Réessayer<\/button>/,
    );
    const none = await renderStatic(
      <QueryState query={failed} error={(error) => `Échec : ${error.message}`} retry="none">
        {list}
      </QueryState>,
    );
    expect(none).toMatch(/^<div role="alert"[^>]*>Échec : HTTP 500<\/div>$/);
  });

  it("lets the error decide where the retry goes", async () => {
    const missing = query<string[]>({ isError: true, error: new Error("404") });
    const html = await renderStatic(
      <QueryState query={missing} retry={(error) => (error.message === "404" ? "none" : "inline")}>
        {list}
      </QueryState>,
    );
    expect(html).not.toContain("<button");
  });

  it("renders the content with the answer", async () => {
    const html = await renderStatic(
      <QueryState query={query({ data: ["a", "b"] })}>{list}</QueryState>,
    );
    expect(html).toBe("<ul><li>a</li><li>b</li></ul>");
  });

  it("shows the empty state when the answer has nothing to list", async () => {
    const props = {
      isEmpty: (items: string[]) => items.length === 0,
      empty: <p>Aucun élément</p>,
    };
    expect(
      await renderStatic(
        <QueryState query={query<string[]>({ data: [] })} {...props}>
          {list}
        </QueryState>,
      ),
    ).toBe("<p>Aucun élément</p>");
    expect(
      await renderStatic(
        <QueryState query={query({ data: ["a"] })} {...props}>
          {list}
        </QueryState>,
      ),
    ).toBe("<ul><li>a</li></ul>");
  });

  it("keeps the previous answer on screen when a refresh fails", async () => {
    const stale = query({ data: ["a"], isError: true, error: new Error("offline") });
    const html = await renderStatic(<QueryState query={stale}>{list}</QueryState>);
    expect(html).toBe("<ul><li>a</li></ul>");
  });
});
