/** A piece of a mail's plain-text body: text as it is, or a link to render as <a>. */
export type TextPart =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string };

/** Candidates start with http:// or https:// at a word boundary and run to the next space. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Sentence punctuation after a link belongs to the sentence. */
const TRAILING = /[.,;:!?'"]$/;
const PAIRS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Drops trailing punctuation and closing brackets the link itself did not open. */
function trimEnd(candidate: string): string {
  let link = candidate;
  for (;;) {
    const last = link.at(-1) ?? "";
    const open = PAIRS[last];
    if (TRAILING.test(link) || (open !== undefined && count(link, last) > count(link, open))) {
      link = link.slice(0, -1);
    } else {
      return link;
    }
  }
}

/** Only an address that parses as an http(s) URL with a host becomes a link. */
function isWebLink(link: string): boolean {
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Splits a plain-text mail body into text and http(s) links. Nothing else becomes a link
 * (javascript:, data:, mailto:, relative paths…): those stay plain text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  const push = (piece: string) => {
    if (piece === "") return;
    const previous = parts.at(-1);
    if (previous?.kind === "text") previous.text += piece;
    else parts.push({ kind: "text", text: piece });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const link = trimEnd(match[0]);
    if (!isWebLink(link)) continue;
    push(text.slice(cursor, match.index));
    parts.push({ kind: "link", text: link, href: link });
    cursor = match.index + link.length;
  }
  push(text.slice(cursor));
  return parts;
}
