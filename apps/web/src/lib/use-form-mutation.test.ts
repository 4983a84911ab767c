import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { formErrorsOf } from "./use-form-mutation";

const FIELDS = ["subject", "message"] as const;
const fallback = "Une erreur est survenue.";

const apiError = (
  error: string,
  message: string,
  issues?: { path: string; message: string }[],
  status = 400,
) => new ApiError(status, { error, message, issues });

describe("formErrorsOf", () => {
  it("shows the fallback for anything that is not an API answer", () => {
    expect(formErrorsOf(new TypeError("x is undefined"), { fields: FIELDS, fallback })).toEqual({
      form: fallback,
      fields: {},
    });
  });

  it("shows the API's message above the form when it names no field", () => {
    const error = apiError("RATE_LIMITED", "Trop de requêtes.", undefined, 429);
    expect(formErrorsOf(error, { fields: FIELDS, fallback })).toEqual({
      form: "Trop de requêtes.",
      fields: {},
    });
  });

  it("puts each issue under the field its path ends with, the first one per field", () => {
    const error = apiError("VALIDATION_ERROR", "Données invalides.", [
      { path: "body.subject", message: "Too small" },
      { path: "/message", message: "Too big" },
      { path: "message", message: "Second" },
    ]);
    // Every issue found its field: the fields say it all.
    expect(formErrorsOf(error, { fields: FIELDS, fallback })).toEqual({
      form: undefined,
      fields: { subject: "Too small", message: "Too big" },
    });
  });

  it("spells out the issues no field shows, on a form that has fields", () => {
    const error = apiError("VALIDATION_ERROR", "Données invalides.", [
      { path: "subject", message: "Too small" },
      { path: "priority", message: "Invalid option" },
      { path: "", message: "Unexpected key" },
    ]);
    expect(formErrorsOf(error, { fields: FIELDS, fallback })).toEqual({
      form: "Données invalides. — priority : Invalid option — Unexpected key",
      fields: { subject: "Too small" },
    });
  });

  it("keeps to the API's message on a form without fields", () => {
    const error = apiError("VALIDATION_ERROR", "Données invalides.", [
      { path: "code", message: "Too big" },
    ]);
    expect(formErrorsOf(error, { fallback })).toEqual({
      form: "Données invalides.",
      fields: {},
    });
  });

  it("shows a refusal's own message, in the user's language, under the field its issue names", () => {
    const error = apiError(
      "KYC_UNDERAGE",
      "Vous devez avoir au moins 18 ans pour vérifier votre identité.",
      [{ path: "dateOfBirth", message: "must be 18 or older" }],
    );
    expect(formErrorsOf(error, { fields: ["dateOfBirth", "firstName"], fallback })).toEqual({
      form: undefined,
      fields: { dateOfBirth: "Vous devez avoir au moins 18 ans pour vérifier votre identité." },
    });
  });

  it("puts an error code that concerns one field under it", () => {
    const error = apiError("BONUS_CODE_EXISTS", "Ce code existe déjà.", undefined, 409);
    expect(
      formErrorsOf(error, {
        fields: ["code", "maxUses"],
        errorFields: { BONUS_CODE_EXISTS: "code" },
        fallback,
      }),
    ).toEqual({ form: undefined, fields: { code: "Ce code existe déjà." } });
  });

  it("can keep the API's message above fields that explain it", () => {
    const error = apiError("VALIDATION_ERROR", "Données invalides.", [
      { path: "maxUses", message: "already used 3 times" },
    ]);
    expect(formErrorsOf(error, { fields: ["maxUses"], fallback, message: "always" })).toEqual({
      form: "Données invalides.",
      fields: { maxUses: "already used 3 times" },
    });
  });
});
