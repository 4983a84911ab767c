/**
 * Plain help text from the catalogs: blank lines separate paragraphs, and a block whose
 * lines all start with "- " is a bulleted list. No HTML ever comes from a translation.
 */
export function HelpText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim() !== "");
  return (
    <div className="grid gap-3 text-sm leading-relaxed text-slate-200">
      {blocks.map((block, index) => {
        const lines = block.split("\n");
        const bullets = lines.filter((line) => line.startsWith("- "));
        const intro = lines.filter((line) => !line.startsWith("- "));
        if (bullets.length === 0) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text, never reordered
            <p key={index} className="whitespace-pre-line">
              {block}
            </p>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text, never reordered
          <div key={index} className="grid gap-1.5">
            {intro.length > 0 ? <p>{intro.join("\n")}</p> : null}
            <ul className="grid list-disc gap-1 pl-5 marker:text-amber-300">
              {bullets.map((line) => (
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
