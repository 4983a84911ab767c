// @vitest-environment happy-dom
import type { AdminKycRequest } from "@fre/shared";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import { renderScreen, stubApi } from "../../../test/dom";
import { kycKeys } from "../api/kyc-api";
import { RequestDetail } from "./admin-kyc-page";

const USER = "8d0c2f0e-8a4e-4c41-9d7a-5d1c2b3a4f50";
const request: AdminKycRequest = {
  userId: USER,
  nickname: "jeanne",
  status: "pending",
  submittedAt: "2026-11-20T09:30:00.000Z",
  reviewedAt: null,
  rejectionReason: null,
  identity: null,
  address: null,
  document: null,
  files: [],
};

describe("the KYC decision form (DOM)", () => {
  it("refuses a short reason, focuses the field, then sends the trimmed one", async () => {
    const api = stubApi({
      "POST /api/admin/kyc/:userId/open": () => ({ body: { openedBy: null } }),
      "POST /api/admin/kyc/:userId/decision": () => ({ body: { ...request, status: "rejected" } }),
      "GET /api/admin/kyc/:userId": () => ({ body: request }),
    });
    const { user } = await renderScreen(<RequestDetail userId={USER} onClose={() => {}} />, {
      seed: (c) => {
        c.setQueryData(kycKeys.adminRequest(USER), request);
        c.setQueryData(meQueryKey, { id: "other" } as never);
      },
    });
    const field = await screen.findByRole("textbox");
    await user.type(field, "  ab ");
    await user.click(screen.getByTestId("admin-kyc-reject"));
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toContain("au moins 3");
    await user.type(field, "x photo floue, illisible");
    expect(field.getAttribute("aria-invalid")).toBe(null);
    await user.click(screen.getByTestId("admin-kyc-reject"));
    await waitFor(() =>
      expect(
        api.sent.filter((sent) => sent.key.endsWith("/decision")).map((sent) => sent.body),
      ).toEqual([{ decision: "reject", reason: "ab x photo floue, illisible" }]),
    );
  });
});
