import type { AdminWithdrawal } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frWithdrawals from "../../../locales/fr/withdrawals.json";
import { loadCatalogs, renderStatic, textOf } from "../../../test/render-static";
import { ApproveDialog, approvalStepOf, expectationOf } from "./approve-dialog";

const ADDRESS = "0QAs9VlT6S776tq3unJcP5Ogsj-ELLunLXuOb1EKcOQi4-QO";

const RISK: NonNullable<AdminWithdrawal["risk"]> = {
  balance: "416.500000000",
  kycStatus: "approved",
  accountCreatedAt: "2026-11-08T10:00:00.000Z",
  accountAgeDays: 12,
  emailVerified: true,
  totalMined: "321.500000000",
  completedWithdrawals: { count: 2, total: "70.000000000" },
  recentAdjustments: { count: 0, total: "0.000000000" },
  suspended: false,
  sameWalletAccounts: 0,
};

const withdrawal = (patch: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id: "7d5b3a43-5f0e-4d55-9f37-0e6f1b8c2f10",
  amount: "1500.000000000",
  status: "pending",
  wallet: ADDRESS,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  txHash: null,
  explorerUrl: null,
  reason: null,
  userId: "u1",
  nickname: "Mineur42",
  reviewedAt: null,
  approvalState: "awaiting_approval",
  approvalsRequired: 1,
  firstApproval: null,
  risk: RISK,
  riskLevel: null,
  openedBy: null,
  ...patch,
});

const render = (value: AdminWithdrawal) =>
  renderStatic(
    <ApproveDialog
      withdrawal={value}
      open
      busy={false}
      error={undefined}
      onConfirm={() => undefined}
      onCancel={() => undefined}
    />,
  );

loadCatalogs({ withdrawals: frWithdrawals });

describe("ApproveDialog", () => {
  it("shows the amount, the whole address and the account's context before paying", async () => {
    const html = await render(withdrawal());
    const shown = textOf(html);
    expect(shown).toContain("Approuver et payer ce retrait ?");
    expect(shown).toContain("|Confirmer le paiement|");
    expect(shown).toMatch(/\|1\s500 FRE\|/);
    // The full address, never shortened.
    expect(html).toContain(`>${ADDRESS}</code>`);
    expect(shown).toContain("|Copier l'adresse|");
    expect(shown).toMatch(/\|Solde actuel \(hors montant retenu\)\|416,5000 FRE\|/);
    expect(shown).toContain("|Vérification d'identité|Approuvée|");
    expect(shown).toMatch(/\|Ancienneté du compte\|12 jours \(créé le .*2026\)\|/);
    expect(shown).toMatch(/\|Retraits déjà payés\|2, pour 70,0000 FRE\|/);
    expect(shown).toContain("|Compte suspendu|Non|");
    // Nothing here is alarming: no warning is marked.
    expect(html).not.toContain('data-warn="true"');
  });

  it("marks what should make an admin pause", async () => {
    const html = await render(
      withdrawal({
        risk: {
          ...RISK,
          accountAgeDays: 1,
          emailVerified: false,
          recentAdjustments: { count: 1, total: "-12.500000000" },
          suspended: true,
          sameWalletAccounts: 2,
        },
      }),
    );
    expect(html.match(/data-warn="true"/g)).toHaveLength(5);
    const shown = textOf(html);
    expect(shown).toMatch(/\|1, pour -12,5000 FRE\|/);
    expect(shown).toContain("|Oui : 2 autres comptes|");
    expect(shown).toContain("|1 jour (créé le");
  });

  it("says which of two approvals this one is", async () => {
    const first = textOf(await render(withdrawal({ approvalsRequired: 2 })));
    expect(first).toContain("Donner la première approbation ?");
    expect(first).toContain("rien n'est payé tant qu'un autre administrateur");
    const second = textOf(
      await render(
        withdrawal({
          approvalsRequired: 2,
          approvalState: "awaiting_second_approval",
          firstApproval: { adminId: "a1", nickname: "Alice", at: "2026-11-20T11:00:00.000Z" },
        }),
      ),
    );
    expect(second).toContain("Donner la seconde approbation et payer ?");
    expect(second).toContain("Alice a déjà approuvé ce retrait.");
    expect(second).toContain("|Confirmer et payer|");
  });

  it("flags a risky account, and says why a high-risk one needs two admins", async () => {
    const plain = await render(withdrawal());
    expect(plain).not.toContain("admin-withdrawal-risk");
    const medium = await render(withdrawal({ riskLevel: "medium" }));
    expect(medium).toContain('data-level="medium"');
    expect(textOf(medium)).toContain("|Risque moyen|");
    const high = textOf(
      await render(withdrawal({ amount: "30.000000000", approvalsRequired: 2, riskLevel: "high" })),
    );
    expect(high).toContain("|Risque élevé|");
    expect(high).toContain("Ce compte est classé à risque élevé");
    expect(high).not.toContain("Ce montant dépasse le seuil");
  });

  it("tells the server what it showed: a first approval, or the one that pays", () => {
    const step = (patch: Partial<AdminWithdrawal>) =>
      expectationOf(approvalStepOf(withdrawal(patch)));
    expect(step({})).toBe("final");
    expect(step({ approvalsRequired: 2 })).toBe("first");
    expect(
      step({
        approvalsRequired: 2,
        approvalState: "awaiting_second_approval",
        firstApproval: { adminId: "a1", nickname: "Alice", at: "2026-11-20T11:00:00.000Z" },
      }),
    ).toBe("final");
  });
});
