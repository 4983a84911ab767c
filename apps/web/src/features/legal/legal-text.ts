/**
 * The legal texts' little markup, kept readable for translators: paragraphs are separated by a
 * blank line, a paragraph whose lines all start with "- " is a list, and `[words](target)` is a
 * link — to a page of the app (`/profile`), an address (`mailto:`) or an https site.
 */
export type LegalInline = { text: string; href?: string };
export type LegalBlock =
  | { kind: "paragraph"; content: LegalInline[] }
  | { kind: "list"; items: LegalInline[][] };

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** A target the texts may link to; anything else shows as plain words. */
export function isAllowedTarget(href: string): boolean {
  return (
    /^\/(?!\/)/.test(href) ||
    /^mailto:[^\s@/]+@[^\s@/]+$/.test(href) ||
    /^https:\/\/[^\s]+$/.test(href)
  );
}

export function parseInline(text: string): LegalInline[] {
  const parts: LegalInline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, words = "", href = ""] = match;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push(isAllowedTarget(href) ? { text: words, href } : { text: words });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function parseLegalText(text: string): LegalBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block): LegalBlock => {
      const lines = block.split("\n").map((line) => line.trim());
      if (lines.every((line) => line.startsWith("- "))) {
        return { kind: "list", items: lines.map((line) => parseInline(line.slice(2))) };
      }
      return { kind: "paragraph", content: parseInline(lines.join(" ")) };
    });
}
