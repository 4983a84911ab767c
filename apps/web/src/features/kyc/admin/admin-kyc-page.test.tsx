import type { AdminKycRequest } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frKyc from "../../../locales/fr/kyc.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
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
  identity: {
    firstName: "Jeanne",
    lastName: "Durand",
    dateOfBirth: "1990-05-17",
    nationality: "FR",
    phoneNumber: "+33612345678",
  },
  address: { address: "12 rue de la Paix", city: "Bruxelles", postalCode: "1000", country: "BE" },
  document: { documentType: "passport", documentNumber: "AB123456" },
  files: [],
};

loadCatalogs({ kyc: frKyc });

const render = (meId: string) =>
  renderWithQueries(<RequestDetail userId={USER} onClose={() => {}} />, {
    seed: (client) => {
      client.setQueryData(kycKeys.adminRequest(USER), request);
      client.setQueryData(meQueryKey, { id: meId });
    },
  });

describe("the KYC review", () => {
  it("writes the date of birth and the countries for people, never their ISO codes", async () => {
    const html = await render("someone-else");
    expect(html).toContain("17 mai 1990");
    expect(html).toContain("France");
    expect(html).toContain("Belgique");
    expect(html).not.toContain("1990-05-17");
    expect(html).not.toMatch(/>(FR|BE)</);
    expect(html).toContain('data-testid="admin-kyc-approve"');
  });

  it("leaves an admin's own request to another admin", async () => {
    const html = (await render(USER)).replaceAll("&#x27;", "'");
    expect(html).not.toContain('data-testid="admin-kyc-approve"');
    expect(html).toContain("un autre administrateur doit l'examiner");
  });
});
