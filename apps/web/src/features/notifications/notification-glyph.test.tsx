import { NOTIFICATION_TYPES, NOTIFICATIONS } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { Glyph } from "../../components/ui/glyph";
import { renderStatic } from "../../test/render-static";
import { notificationGlyph } from "./notification-list";

/** What a glyph draws: the inner shapes of its svg. */
const drawing = async (name: Parameters<typeof Glyph>[0]["name"]) =>
  (await renderStatic(<Glyph name={name} />)).replace(/^<svg[^>]*>|<\/svg>$/g, "");

describe("notification glyphs (decision 0065)", () => {
  it("draws every type with its own registry icon, never the unknown type's bell", async () => {
    const bell = await drawing("bell");
    for (const type of NOTIFICATION_TYPES) {
      const glyph = notificationGlyph(type);
      expect(glyph, type).toBe(NOTIFICATIONS[type].icon);
      const drawn = await drawing(glyph);
      expect(drawn, type).toMatch(/<(path|circle|rect|ellipse)\b/);
      expect(drawn, type).not.toBe(bell);
    }
  });

  it("draws a type this app bundle does not know with the bell", async () => {
    expect(notificationGlyph("a_type_from_a_newer_server")).toBe("bell");
    expect(notificationGlyph("constructor")).toBe("bell");
  });
});
