// @vitest-environment happy-dom
import type { KycState } from "@fre/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { refuse, renderScreen, stubApi } from "../../../test/dom";
import { KycForm } from "./kyc-form";

const empty: KycState = {
  status: "none",
  draft: { identity: null, address: null, document: null, files: [] },
  submittedAt: null,
  reviewedAt: null,
  rejectionReason: null,
  recheckRequired: false,
};
const identity = {
  firstName: "Jeanne",
  lastName: "D'Arc",
  dateOfBirth: "1990-05-17",
  nationality: "FR",
  phoneNumber: "+33 6 12 34 56 78",
};
const address = { address: "12 rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" };
const document = { documentType: "passport" as const, documentNumber: "AB123456" };
const photo = (slot: "front" | "selfie") => ({
  slot,
  contentType: "image/jpeg",
  size: 120_000,
  uploadedAt: "2026-12-03T08:00:00.000Z",
});
const withDraft = (draft: Partial<KycState["draft"]>): KycState => ({
  ...empty,
  draft: { ...empty.draft, ...draft },
});
const jpeg = (name: string, bytes = 2048) =>
  new File([new Uint8Array(bytes).fill(0xff)], name, { type: "image/jpeg" });

// The server's French messages (apps/server/src/i18n/fr.ts).
const underReview =
  "Votre dossier est en cours d'examen : il ne peut pas être modifié pour l'instant.";
const notAPhoto = "Ce fichier n'est pas une photo acceptée : envoyez une image JPEG, PNG ou WebP.";

const field = (name: string) => screen.getByRole("textbox", { name });
const button = (name: string) => screen.getByRole("button", { name });
const heading = (name: string) => screen.getByRole("heading", { name });
const slot = (name: string) => within(screen.getByRole("group", { name }));

/** Answers `first` once, then `then` for every later request. */
function once<T, U>(first: T, then: () => U) {
  let calls = 0;
  return () => (++calls === 1 ? first : then());
}

// Typed key by key, each keystroke re-rendering the form: seconds on a loaded CI machine.
describe("KYC steps (DOM)", { timeout: 20_000 }, () => {
  it("identity: the server's refusal is said in French and the step stays; sent again, the address step opens", async () => {
    const api = stubApi({
      "PUT /api/kyc/identity": once(refuse(409, "KYC_LOCKED", underReview), () => ({
        body: withDraft({ identity }),
      })),
    });
    const { user } = await renderScreen(<KycForm state={empty} onSubmitted={() => {}} />);
    await user.type(field("Prénom"), "  Jeanne ");
    await user.type(field("Nom"), "D'Arc");
    // A date input is not typed into key by key in happy-dom: its value is set as a picker would.
    fireEvent.change(screen.getByLabelText("Date de naissance"), {
      target: { value: "1990-05-17" },
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Nationalité" }), "FR");
    await user.type(field("Numéro de téléphone"), "+33 6 12 34 56 78");
    await user.click(button("Enregistrer et continuer"));

    expect(await screen.findByText(underReview)).toBeTruthy();
    expect(heading("Votre identité")).toBeTruthy();
    expect((field("Prénom") as HTMLInputElement).value).toBe("  Jeanne ");

    await user.click(button("Enregistrer et continuer"));
    expect(await screen.findByRole("heading", { name: "Votre adresse" })).toBeTruthy();
    expect(screen.queryByText(underReview)).toBeNull();
    // Trimmed, and the same body both times.
    expect(api.to("PUT /api/kyc/identity").map((r) => r.body)).toEqual([identity, identity]);
  });

  it("identity: an empty form is refused here, field by field, with nothing sent", async () => {
    const api = stubApi({});
    const { user } = await renderScreen(<KycForm state={empty} onSubmitted={() => {}} />);
    await user.click(button("Enregistrer et continuer"));

    expect((await screen.findAllByText("Ce champ est obligatoire.")).length).toBeGreaterThan(1);
    expect(field("Prénom").getAttribute("aria-invalid")).toBe("true");
    expect(api.sent).toEqual([]);
  });

  it("address: the server's refusal is said in French and the step stays; sent again, the documents step opens", async () => {
    const api = stubApi({
      "PUT /api/kyc/address": once(refuse(409, "KYC_LOCKED", underReview), () => ({
        body: withDraft({ identity, address }),
      })),
    });
    const { user } = await renderScreen(
      <KycForm state={withDraft({ identity })} onSubmitted={() => {}} />,
    );
    expect(heading("Votre adresse")).toBeTruthy();
    await user.type(field("Adresse"), address.address);
    await user.type(field("Ville"), address.city);
    await user.type(field("Code postal"), ` ${address.postalCode}`);
    // The nationality is offered as the country of residence.
    expect(
      (screen.getByRole("combobox", { name: "Pays de résidence" }) as HTMLSelectElement).value,
    ).toBe("FR");
    await user.click(button("Enregistrer et continuer"));

    expect(await screen.findByText(underReview)).toBeTruthy();
    expect(heading("Votre adresse")).toBeTruthy();

    await user.click(button("Enregistrer et continuer"));
    expect(
      await screen.findByRole("heading", { name: "Votre pièce d'identité et vos photos" }),
    ).toBeTruthy();
    expect(api.to("PUT /api/kyc/address").map((r) => r.body)).toEqual([address, address]);
  });

  it("photos: each is sent on its own as it is chosen; the server's refusal is said under it, another photo goes through", async () => {
    const api = stubApi({
      "POST /api/kyc/files/:slot": once(refuse(415, "KYC_FILE_TYPE", notAPhoto), () => ({
        status: 201,
        body: { slot: "front", contentType: "image/jpeg", size: 117_000 },
      })),
    });
    const { user } = await renderScreen(
      <KycForm state={withDraft({ identity, address })} onSubmitted={() => {}} />,
    );
    expect(screen.queryByRole("group", { name: "Recto de la pièce" })).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Passeport" }));
    // A passport asks the front and the selfie, no back.
    expect(screen.queryByRole("group", { name: "Verso de la pièce" })).toBeNull();
    await user.upload(slot("Recto de la pièce").getByLabelText("Choisir une photo"), jpeg("a.jpg"));

    expect(await slot("Recto de la pièce").findByRole("alert")).toHaveProperty(
      "textContent",
      notAPhoto,
    );
    // Refused for its bytes: the same file is not offered again.
    expect(slot("Recto de la pièce").queryByRole("button", { name: "Réessayer" })).toBeNull();

    await user.upload(slot("Recto de la pièce").getByLabelText("Changer de photo"), jpeg("b.jpg"));
    expect(await slot("Recto de la pièce").findByText(/^Photo reçue \(114\sko\)\.$/)).toBeTruthy();
    expect(slot("Recto de la pièce").queryByRole("alert")).toBeNull();

    const uploads = api.to("POST /api/kyc/files/:slot");
    expect(uploads.map((r) => r.params.slot)).toEqual(["front", "front"]);
    const sentFile = (uploads[1]?.body as FormData | undefined)?.get("file") as File | undefined;
    expect([sentFile?.name, sentFile?.size]).toEqual(["b.jpg", 2048]);
  });

  it("documents: saves the passport, submits the request and hands over", async () => {
    const submitted = vi.fn();
    const ready = withDraft({ identity, address, files: [photo("front"), photo("selfie")] });
    const api = stubApi({
      "PUT /api/kyc/documents": () => ({ body: { ...ready, draft: { ...ready.draft, document } } }),
      "POST /api/kyc/submit": () => ({
        body: {
          ...ready,
          status: "pending",
          draft: { ...ready.draft, document },
          submittedAt: "2026-12-03T08:05:00.000Z",
        },
      }),
    });
    const { user } = await renderScreen(<KycForm state={ready} onSubmitted={submitted} />);
    await user.click(screen.getByRole("radio", { name: "Passeport" }));
    await user.type(field("Numéro de la pièce"), " AB123456 ");
    await user.click(button("Envoyer mon dossier"));

    await vi.waitFor(() => expect(submitted).toHaveBeenCalledOnce());
    expect(api.sent.map((r) => [r.key, r.body])).toEqual([
      ["PUT /api/kyc/documents", document],
      ["POST /api/kyc/submit", {}],
    ]);
  });

  it("documents: a submission missing a photo says so, under the photo too, and hands nothing over", async () => {
    const submitted = vi.fn();
    const ready = withDraft({ identity, address, files: [photo("front")] });
    const incomplete = "Votre dossier est incomplet. Il manque : le selfie.";
    stubApi({
      "PUT /api/kyc/documents": ({ body }) => ({
        body: { ...ready, draft: { ...ready.draft, document: body as never } },
      }),
      "POST /api/kyc/submit": () => ({
        status: 409,
        body: {
          error: "KYC_INCOMPLETE",
          message: incomplete,
          issues: [{ path: "files.selfie", message: "missing" }],
        },
      }),
    });
    const { user } = await renderScreen(<KycForm state={ready} onSubmitted={submitted} />);
    await user.click(screen.getByRole("radio", { name: "Passeport" }));
    await user.type(field("Numéro de la pièce"), "AB123456");
    await user.click(button("Envoyer mon dossier"));

    expect(await screen.findByText(incomplete)).toBeTruthy();
    expect(slot("Selfie avec la pièce").getByRole("alert").textContent).toBe("Cette photo manque.");
    expect(slot("Recto de la pièce").queryByRole("alert")).toBeNull();
    expect(submitted).not.toHaveBeenCalled();
  });
});
