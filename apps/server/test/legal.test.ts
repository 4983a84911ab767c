/**
 * The legal pages' data (issue 20, point 4): `GET /api/legal` tells who runs the service from the
 * LEGAL_* settings, and the community links an elevated admin sets with
 * `PUT /api/admin/community-links` — https on a public domain, or empty to hide a link.
 */
import type { LegalInfo } from "@fre/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  client,
  createTestApp,
  elevatedAdmin,
  expectLedgerBalanced,
  promotedAdmin,
  signUp,
  type TestApp,
  uniqueUser,
} from "./helpers.ts";

const OPERATOR = {
  LEGAL_OPERATOR_NAME: "FRE Mining SAS",
  LEGAL_OPERATOR_FORM: "SAS au capital de 10 000 €",
  LEGAL_OPERATOR_ADDRESS: "12 rue des Mineurs, 75011 Paris, France",
  LEGAL_OPERATOR_REGISTRATION: "RCS Paris 123 456 789",
  LEGAL_OPERATOR_PHONE: "+33 1 23 45 67 89",
  LEGAL_CONTACT_EMAIL: "contact@fre-mining.fr",
  LEGAL_PUBLICATION_DIRECTOR: "Camille Martin",
  LEGAL_HOST_NAME: "Hébergeur Exemplaire SAS",
  LEGAL_HOST_ADDRESS: "2 rue Kellermann, 59100 Roubaix, France",
  LEGAL_HOST_PHONE: "+33 9 72 10 10 07",
  LEGAL_PRIVACY_EMAIL: "dpo@fre-mining.fr",
};

const NO_LINKS = { telegram: "", x: "", facebook: "", whitePaper: "" };
const LINKS = {
  telegram: "https://t.me/fre_mining",
  x: "https://x.com/fre_mining",
  facebook: "https://www.facebook.com/fre.mining",
  whitePaper: "https://docs.fre-mining.fr/white-paper.pdf",
};

let test: TestApp;
let demo: TestApp;
beforeAll(async () => {
  [test, demo] = await Promise.all([createTestApp({ config: OPERATOR }), createTestApp()]);
});
afterAll(async () => {
  try {
    await Promise.all([expectLedgerBalanced(test), expectLedgerBalanced(demo)]);
  } finally {
    await Promise.all([test?.close(), demo?.close()]);
  }
});

const legal = async (app: TestApp) => {
  const response = await client(app).get("/api/legal");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LegalInfo;
};

describe("GET /api/legal", () => {
  it("tells anyone who runs the service, from the LEGAL_* settings", async () => {
    expect(await legal(test)).toEqual({
      operator: {
        name: "FRE Mining SAS",
        legalForm: "SAS au capital de 10 000 €",
        address: "12 rue des Mineurs, 75011 Paris, France",
        registration: "RCS Paris 123 456 789",
        phone: "+33 1 23 45 67 89",
        email: "contact@fre-mining.fr",
        publicationDirector: "Camille Martin",
      },
      host: {
        name: "Hébergeur Exemplaire SAS",
        address: "2 rue Kellermann, 59100 Roubaix, France",
        phone: "+33 9 72 10 10 07",
      },
      privacyEmail: "dpo@fre-mining.fr",
      demo: false,
      community: NO_LINKS,
    });
  });

  it("says so while the details are still the demonstration's, and links nowhere", async () => {
    const info = await legal(demo);
    expect(info.demo).toBe(true);
    expect(info.operator.name).toBe("FRE (démonstration)");
    expect(info.operator.registration).toMatch(/à renseigner/);
    expect(info.community).toEqual(NO_LINKS);
    expect(JSON.stringify(info)).not.toMatch(/example/i);
  });

  it("answers a signed-in user the same", async () => {
    const { client: user } = await signUp(test, uniqueUser("legal"));
    const response = await user.get("/api/legal");
    expect(response.statusCode).toBe(200);
    expect((response.json() as LegalInfo).operator.name).toBe("FRE Mining SAS");
  });
});

describe("PUT /api/admin/community-links", () => {
  let admin: Client;
  beforeAll(async () => {
    admin = (await elevatedAdmin(test, "linksadm")).client;
  });

  it("is for elevated admins only", async () => {
    const anonymous = await client(test).put("/api/admin/community-links", LINKS);
    expect(anonymous.statusCode).toBe(401);
    const { client: user } = await signUp(test, uniqueUser("notadmin"));
    expect((await user.put("/api/admin/community-links", LINKS)).statusCode).toBe(403);
    const { client: admin } = await promotedAdmin(test, "plainadm");
    expect((await admin.put("/api/admin/community-links", LINKS)).statusCode).toBe(403);
    expect((await legal(test)).community).toEqual(NO_LINKS);
  });

  it("saves https links on public domains, shown to everyone; an empty one is hidden", async () => {
    const saved = await admin.put("/api/admin/community-links", {
      ...LINKS,
      telegram: `  ${LINKS.telegram}  `,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(LINKS);
    expect((await legal(test)).community).toEqual(LINKS);

    const hidden = await admin.put("/api/admin/community-links", { ...LINKS, facebook: "" });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await legal(test)).community).toEqual({ ...LINKS, facebook: "" });
  });

  const REFUSED: [string, Record<string, unknown>][] = [
    ["http", { telegram: "http://t.me/fre_mining" }],
    ["javascript:", { x: "javascript:alert(1)" }],
    ["data:", { facebook: "data:text/html,<script>alert(1)</script>" }],
    ["protocol-relative", { telegram: "//t.me/fre_mining" }],
    ["not a URL", { whitePaper: "le livre blanc" }],
    ["an example domain", { whitePaper: "https://fre.example/white-paper" }],
    ["example.com", { x: "https://example.com/fre" }],
    ["a .test host", { x: "https://fre.test/x" }],
    ["localhost", { telegram: "https://localhost/t" }],
    ["an IP address", { telegram: "https://192.0.2.10/t" }],
    ["credentials", { facebook: "https://user:secret@facebook.com/fre" }],
    ["over 500 characters", { whitePaper: `https://docs.fre-mining.fr/${"a".repeat(480)}` }],
    ["a missing link", { telegram: undefined }],
    ["a number", { x: 42 }],
    ["a control character", { x: "https://x.com/fre\u0000" }],
  ];
  for (const [label, change] of REFUSED) {
    it(`refuses ${label} with 400, keeping the links as they were`, async () => {
      const before = (await legal(test)).community;
      const body = { ...LINKS, ...change };
      const response = await admin.put("/api/admin/community-links", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR" });
      expect((await legal(test)).community).toEqual(before);
    });
  }
});
