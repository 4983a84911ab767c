import { describe, expect, it, vi } from "vitest";
import { shareInvite } from "./share-invite";

const invite = {
  title: "Rejoignez-moi sur FRE",
  text: "Rejoins-moi avec mon code de parrainage ABC123 :",
  url: "https://fre.example/register?ref=ABC123",
};

const abort = () => Object.assign(new Error("closed"), { name: "AbortError" });

describe("shareInvite", () => {
  it("uses the system share sheet with the message and the link", async () => {
    const share = vi.fn(async () => {});
    const copy = vi.fn(async () => {});
    expect(await shareInvite(invite, { share, copy })).toBe("shared");
    expect(share).toHaveBeenCalledWith(invite);
    expect(copy).not.toHaveBeenCalled();
  });

  it("copies the whole message when there is no share sheet", async () => {
    const copy = vi.fn(async () => {});
    expect(await shareInvite(invite, { copy })).toBe("copied");
    expect(copy).toHaveBeenCalledWith(
      "Rejoins-moi avec mon code de parrainage ABC123 : https://fre.example/register?ref=ABC123",
    );
  });

  it("does nothing more when the user closes the sheet", async () => {
    const copy = vi.fn(async () => {});
    const share = vi.fn(async () => Promise.reject(abort()));
    expect(await shareInvite(invite, { share, copy })).toBe("cancelled");
    expect(copy).not.toHaveBeenCalled();
  });

  it("falls back to copying when the sheet refuses, and reports a copy that fails", async () => {
    const refused = vi.fn(async () => Promise.reject(new DOMException("no", "NotAllowedError")));
    const copy = vi.fn(async () => {});
    expect(await shareInvite(invite, { share: refused, copy })).toBe("copied");
    const broken = vi.fn(async () => Promise.reject(new Error("denied")));
    expect(await shareInvite(invite, { copy: broken })).toBe("failed");
  });
});
