import { Link } from "react-router";
import { type LegalInline, parseLegalText } from "../legal-text";

const linkClass = "font-medium text-amber-200 underline underline-offset-2 hover:text-amber-100";

function Inline({ parts }: { parts: LegalInline[] }) {
  return parts.map((part, index) => {
    const key = `${index}-${part.text}`;
    if (!part.href) return <span key={key}>{part.text}</span>;
    if (part.href.startsWith("/")) {
      return (
        <Link key={key} to={part.href} className={linkClass}>
          {part.text}
        </Link>
      );
    }
    const external = part.href.startsWith("https://");
    return (
      <a
        key={key}
        href={part.href}
        className={`${linkClass} break-all`}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {part.text}
      </a>
    );
  });
}

/** A legal text (see legal-text.ts) as paragraphs, lists and links. */
export function LegalRichText({ text }: { text: string }) {
  return parseLegalText(text).map((block, index) =>
    block.kind === "list" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's blocks never move
      <ul key={index} className="grid list-disc gap-1.5 pl-5 marker:text-amber-300">
        {block.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's items never move
          <li key={itemIndex}>
            <Inline parts={item} />
          </li>
        ))}
      </ul>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's blocks never move
      <p key={index}>
        <Inline parts={block.content} />
      </p>
    ),
  );
}
