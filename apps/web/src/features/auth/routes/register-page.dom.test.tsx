// @vitest-environment happy-dom
import { challengeSchema, type Me } from "@fre/shared";
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { VisitorOnly } from "../../../app/guards";
import { type Handlers, refuse, renderScreen, stubApi } from "../../../test/dom";
import { testMe } from "../../../test/me";
import { RegisterPage } from "./register-page";

const SECRET = "dom-test-secret";

/** A real sign-up challenge, easy (the counter hidden below 50): the widget solves it here. */
const challenge = async () =>
  challengeSchema.parse(
    await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: Math.floor(Math.random() * 50),
      deriveKey,
      data: { action: "sign-up", exp: Math.floor(Date.now() / 1000) + 300, max: 50 },
      hmacSignatureSecret: SECRET,
      hmacKeySignatureSecret: SECRET,
    }),
  );

/** The widget's payload solves a challenge this server issued (what the real server checks). */
async function solved(payload: unknown) {
  const decoded = JSON.parse(atob(String(payload)));
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: SECRET,
  });
  return result.verified;
}

const me = (email: string, nickname: string): Me => testMe({ email, nickname });

const accepted = { body: { token: null, user: {} } };

/** The sign-up refused once with `refusal`, then accepted. */
function refusedOnce(refusal: ReturnType<typeof refuse>) {
  let calls = 0;
  return () => (++calls === 1 ? refusal : accepted);
}

/** A visitor until the sign-up succeeds; then the session and the profile. */
function server(signUp: Handlers["POST /api/auth/sign-up/email"]) {
  let signedUp: Me | null = null;
  return stubApi({
    "GET /api/challenge": async () => ({ body: await challenge() }),
    "GET /api/auth/get-session": () => ({ body: signedUp ? { session: {}, user: {} } : null }),
    "GET /api/me": () => (signedUp ? { body: signedUp } : refuse(401, "UNAUTHORIZED", "Non")),
    "POST /api/auth/sign-up/email": async (request) => {
      const reply = await signUp?.(request);
      if (reply && (reply.status ?? 200) < 400) {
        const body = request.body as { email: string; nickname: string };
        signedUp = me(body.email, body.nickname);
      }
      return reply ?? { body: null };
    },
  });
}

async function openSignUp() {
  const view = await renderScreen(
    <Routes>
      <Route element={<VisitorOnly />}>
        <Route path="/register" element={<RegisterPage />} />
      </Route>
      <Route path="/dashboard" element={<h1>Tableau de bord</h1>} />
    </Routes>,
    { route: "/register" },
  );
  await screen.findByRole("heading", { name: "Créer un compte" });
  return view;
}

const email = () => screen.getByRole("textbox", { name: "Adresse e-mail" });
const nickname = () => screen.getByRole("textbox", { name: "Pseudo" });
const password = () => screen.getByLabelText("Mot de passe");
const confirm = () => screen.getByLabelText("Confirmer le mot de passe");
const submit = () => screen.getByRole("button", { name: "Créer mon compte" });

const STRONG = "Jeanne#1412";

/** Fills the four fields (a valid account unless told) and sends the form. */
async function fillAndSend(
  user: UserEvent,
  {
    name = "Jeanne_1412",
    pass = STRONG,
    confirmation = pass,
  }: { name?: string; pass?: string; confirmation?: string } = {},
) {
  await user.type(email(), "jeanne@example.com");
  await user.type(nickname(), name);
  await user.type(password(), pass);
  await user.type(confirm(), confirmation);
  await user.click(submit());
}

type SignUp = { email: string; altcha?: string };
const weakText =
  "Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial.";

// Typed key by key, each keystroke re-rendering the form: seconds on a loaded CI machine.
describe("sign-up form (DOM)", { timeout: 20_000 }, () => {
  it("sends the account with the solved proof of work, then goes to the dashboard", async () => {
    const api = server(() => accepted);
    const { user } = await openSignUp();
    await fillAndSend(user, { name: " Jeanne_1412 " });

    expect(await screen.findByRole("heading", { name: "Tableau de bord" })).toBeTruthy();
    const [request, ...more] = api.to("POST /api/auth/sign-up/email");
    expect(more).toEqual([]);
    const { altcha, ...body } = (request?.body ?? {}) as { altcha?: string };
    expect(body).toEqual({
      email: "jeanne@example.com",
      password: STRONG,
      name: "Jeanne_1412",
      nickname: "Jeanne_1412",
      language: "fr",
      callbackURL: "/dashboard",
    });
    expect(await solved(altcha)).toBe(true);
  });

  it("refuses a weak password and a mismatched confirmation here, with nothing sent", async () => {
    const api = server(undefined);
    const { user } = await openSignUp();
    await fillAndSend(user, { pass: "motdepasse", confirmation: "motdepasse!" });

    expect(await screen.findByText(weakText)).toBeTruthy();
    expect(screen.getByText("Les mots de passe ne correspondent pas.")).toBeTruthy();
    expect(password().getAttribute("aria-invalid")).toBe("true");
    // The first field to fix takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(password()));
    expect(api.to("POST /api/auth/sign-up/email")).toEqual([]);
  });

  it("says an e-mail already used under the e-mail, keeps the rest, and signs up with another", async () => {
    const api = server(
      refusedOnce(refuse(409, "EMAIL_IN_USE", "Cette adresse e-mail est déjà utilisée.")),
    );
    const { user } = await openSignUp();
    await fillAndSend(user);

    expect(await screen.findByText("Cette adresse e-mail est déjà utilisée.")).toBeTruthy();
    expect(email().getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect((password() as HTMLInputElement).value).toBe(STRONG);
    expect(screen.queryByRole("heading", { name: "Tableau de bord" })).toBeNull();

    await user.clear(email());
    await user.type(email(), "jeanne.darc@example.com");
    expect(screen.queryByText("Cette adresse e-mail est déjà utilisée.")).toBeNull();
    await user.click(submit());
    expect(await screen.findByRole("heading", { name: "Tableau de bord" })).toBeTruthy();
    const sent = api.to("POST /api/auth/sign-up/email").map((r) => r.body as SignUp);
    expect(sent.map((body) => body.email)).toEqual([
      "jeanne@example.com",
      "jeanne.darc@example.com",
    ]);
    // A refused address does not spend the proof (the server uses it once the checks passed).
    expect(sent[1]?.altcha).toBe(sent[0]?.altcha);
    expect(api.to("GET /api/challenge")).toHaveLength(1);
  });

  it("asks a new proof when the server refuses this one, and signs up with it", async () => {
    const api = server(
      refusedOnce(refuse(400, "CHALLENGE_INVALID", "La vérification anti-robot a échoué.")),
    );
    const { user } = await openSignUp();
    await fillAndSend(user);

    expect(
      await screen.findByText(
        "La vérification anti-robot a expiré ou échoué : elle recommence, puis validez à nouveau.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(api.to("GET /api/challenge")).toHaveLength(2));
    await user.click(submit());
    expect(await screen.findByRole("heading", { name: "Tableau de bord" })).toBeTruthy();

    const [first, second] = api.to("POST /api/auth/sign-up/email").map((r) => r.body as SignUp);
    expect(second?.altcha).not.toBe(first?.altcha);
    expect(await solved(second?.altcha)).toBe(true);
  });

  it("says the server's refusal of the password (its own rules) under the password", async () => {
    const api = server(() =>
      refuse(
        400,
        "WEAK_PASSWORD",
        "Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule, un chiffre et un caractère spécial.",
      ),
    );
    const { user } = await openSignUp();
    await fillAndSend(user);

    expect(await screen.findByText(weakText)).toBeTruthy();
    expect(password().getAttribute("aria-invalid")).toBe("true");
    expect(api.to("POST /api/auth/sign-up/email")).toHaveLength(1);
  });
});
