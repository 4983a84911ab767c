import { describe, expect, it } from "vitest";
import {
  addressIssues,
  documentIssues,
  identityIssues,
  isAtLeast,
  photoIssue,
  slotsFor,
} from "./kyc-validation";

const identity = {
  firstName: "Élodie",
  lastName: "N'Diaye-Martin",
  dateOfBirth: "1990-05-17",
  nationality: "fr",
  phoneNumber: "+33 6 12 34 56 78",
};

describe("KYC form checks (as the server's)", () => {
  it("accepts a complete identity and names each bad field", () => {
    expect(identityIssues(identity)).toEqual({});
    // A French number as dialled in France: the server reads it as +33… in a French context.
    expect(identityIssues({ ...identity, phoneNumber: "06 12 34 56 78" })).toEqual({});
    expect(
      identityIssues({
        firstName: "",
        lastName: "R2D2",
        dateOfBirth: "1990-02-31",
        nationality: "XX",
        phoneNumber: "12 34 56",
      }),
    ).toEqual({
      firstName: "required",
      lastName: "name",
      dateOfBirth: "date",
      nationality: "country",
      phoneNumber: "phone",
    });
  });

  it("asks for 18 years on the day", () => {
    const today = new Date(2026, 4, 17);
    expect(isAtLeast("2008-05-17", 18, today)).toBe(true);
    expect(isAtLeast("2008-05-18", 18, today)).toBe(false);
    expect(identityIssues({ ...identity, dateOfBirth: "2008-05-18" }, today)).toEqual({
      dateOfBirth: "underage",
    });
  });

  it("checks the address and the document", () => {
    expect(
      addressIssues({
        address: "1 rue de la Paix",
        city: "Paris",
        postalCode: "75002",
        country: "FR",
      }),
    ).toEqual({});
    expect(addressIssues({ address: "x", city: " ", postalCode: "7", country: "France" })).toEqual({
      address: "address",
      city: "required",
      postalCode: "postalCode",
      country: "country",
    });
    expect(documentIssues({ documentType: "", documentNumber: "12" })).toEqual({
      documentType: "required",
      documentNumber: "documentNumber",
    });
    expect(documentIssues({ documentType: "passport", documentNumber: "12AB34567" })).toEqual({});
  });

  it("needs no back photo for a passport, and refuses what the server would", () => {
    expect(slotsFor("passport")).toEqual(["front", "selfie"]);
    expect(slotsFor("id_card")).toEqual(["front", "back", "selfie"]);
    expect(photoIssue({ size: 11 * 1024 * 1024, type: "image/jpeg" })).toBe("tooLarge");
    expect(photoIssue({ size: 1000, type: "application/pdf" })).toBe("type");
    expect(photoIssue({ size: 1000, type: "" })).toBeUndefined();
    expect(photoIssue({ size: 1000, type: "image/webp" })).toBeUndefined();
  });
});
