import type { TonConfig } from "@fre/shared";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderStatic } from "../../test/render-static";

// What the app hands the official widget: its provider and its later option updates.
const widget = vi.hoisted(() => ({
  props: [] as Record<string, unknown>[],
}));

vi.mock("@tonconnect/ui-react", async (importActual) => ({
  ...(await importActual<typeof import("@tonconnect/ui-react")>()),
  TonConnectUIProvider: ({ children, ...props }: { children: ReactNode }) => {
    widget.props.push(props);
    return children;
  },
  useTonConnectUI: () => [{}, () => {}],
}));

const { THEME } = await import("@tonconnect/ui-react");
const { TonConnectRoot } = await import("./ton-connect-root");

const config = { network: "testnet", devWallet: false } as unknown as TonConfig;

afterEach(() => {
  vi.unstubAllGlobals();
  widget.props = [];
});

describe("the TON Connect window", () => {
  it("opens in the dark theme of the app, even on a device set to light", async () => {
    // A phone in light mode: the app stays dark (index.html's color-scheme), so does the widget.
    vi.stubGlobal("window", {
      location: { origin: "https://fre.example" },
      matchMedia: (query: string) => ({
        matches: query === "(prefers-color-scheme: light)",
        addEventListener() {},
        removeEventListener() {},
      }),
    });
    vi.stubGlobal("document", { documentElement: { dataset: {} } });
    await renderStatic(
      <TonConnectRoot config={config}>
        <p />
      </TonConnectRoot>,
    );
    expect(widget.props).toHaveLength(1);
    expect(widget.props[0]).toMatchObject({
      manifestUrl: "https://fre.example/tonconnect-manifest.json",
      uiPreferences: { theme: THEME.DARK },
      analytics: { mode: "off" },
    });
  });
});
