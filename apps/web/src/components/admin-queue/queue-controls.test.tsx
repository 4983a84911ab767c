import { WITHDRAWAL_RISK_FILTERS } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAdmin from "../../locales/fr/admin.json";
import { loadCatalogs, renderStatic } from "../../test/render-static";
import { OpenedBy } from "./opened-by";
import { QueueControls, type QueueControlsProps } from "./queue-controls";

loadCatalogs({ admin: frAdmin });

const noop = () => {};
const controls = (props: Partial<QueueControlsProps<"high" | "medium" | "low">> = {}) =>
  renderStatic(
    <QueueControls
      amountKind="amount"
      sort="oldest"
      onSort={noop}
      q=""
      minAmount=""
      maxAmount=""
      onApply={noop}
      onClear={noop}
      {...props}
    />,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

describe("the queue's sort and filters (issue 34 point 6)", () => {
  it("offers age and amount orders, the one in force selected", async () => {
    const html = await controls({ sort: "amount_desc" });
    expect(text(html)).toContain("Plus anciennes d'abord");
    expect(text(html)).toContain("Plus récentes d'abord");
    expect(text(html)).toContain("Montant croissant");
    expect(html).toMatch(/<option value="amount_desc" selected="">Montant décroissant<\/option>/);
    expect(html).toContain("<label");
  });

  it("says « solde » where a KYC queue's amount is the user's balance, without a risk filter", async () => {
    const html = await controls({ amountKind: "balance" });
    expect(text(html)).toContain("Solde décroissant");
    expect(text(html)).toContain("Solde min. (FRE)");
    expect(html).not.toContain('data-testid="queue-risk"');
  });

  it("folds the filters away until one is on, then opens them and counts them", async () => {
    const closed = await controls({ risks: WITHDRAWAL_RISK_FILTERS, onRisk: noop });
    expect(closed).toMatch(/<details class="[^"]*">/);
    expect(text(closed)).toContain("Filtres");
    const open = await controls({
      risks: WITHDRAWAL_RISK_FILTERS,
      onRisk: noop,
      risk: "high",
      minAmount: "100,5",
    });
    expect(open).toMatch(/<details class="[^"]*" open="">/);
    expect(text(open)).toContain("Filtres · 2 actifs");
    expect(open).toMatch(/<option value="high" selected="">Élevé<\/option>/);
    expect(open).toContain('value="100,5"');
    expect(text(open)).toContain("Effacer");
  });

  it("searches by user and shows the shared amount example under each bound", async () => {
    const html = await controls({ q: "Noah" });
    expect(text(html)).toContain("Filtres · 1 actif");
    expect(html).toMatch(
      /<input[^>]*type="search"[^>]*maxLength="64"|<input[^>]*maxLength="64"[^>]*type="search"/i,
    );
    expect(html).toContain('value="Noah"');
    expect(text(html)).toContain("Début du pseudo ou de l'e-mail");
    expect(html.match(/data-amount-example=""/g)).toHaveLength(2);
    expect(text(html)).toContain("ex. 12,5");
  });

  it("names an amount it cannot read and a minimum above the maximum", async () => {
    const unreadable = await controls({ minAmount: "12a" });
    expect(text(unreadable)).toContain("Montant illisible");
    const crossed = await controls({ minAmount: "500", maxAmount: "100,5" });
    expect(text(crossed)).toContain("Le minimum dépasse le maximum.");
  });
});

describe("« ouverte par … »", () => {
  it("says who opened the request and how long ago, by the plural rules", async () => {
    const at = "2026-12-02T08:00:00.000Z";
    expect(
      text(
        await renderStatic(<OpenedBy openedBy={{ nickname: "Camille_M", at, minutesAgo: 2 }} />),
      ),
    ).toContain("Ouverte par Camille_M il y a 2 min");
    expect(
      text(
        await renderStatic(<OpenedBy openedBy={{ nickname: "Camille_M", at, minutesAgo: 1 }} />),
      ),
    ).toContain("Ouverte par Camille_M il y a 1 min");
    expect(
      text(
        await renderStatic(<OpenedBy openedBy={{ nickname: "Camille_M", at, minutesAgo: 0 }} />),
      ),
    ).toContain("Ouverte par Camille_M à l'instant");
    expect(
      text(await renderStatic(<OpenedBy openedBy={{ nickname: null, at, minutesAgo: 3 }} />)),
    ).toContain("Ouverte par un autre administrateur il y a 3 min");
    expect(await renderStatic(<OpenedBy openedBy={null} />)).toBe("");
  });
});
