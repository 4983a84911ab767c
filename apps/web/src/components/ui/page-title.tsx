import { type ReactNode, useEffect } from "react";

/** The page's single h1; also names the browser tab. */
export function PageTitle({ children, title }: { children: ReactNode; title: string }) {
  useEffect(() => {
    document.title = `${title} — FRE`;
  }, [title]);
  return (
    <h1
      data-testid="page-title"
      className="text-2xl font-bold tracking-tight text-white sm:text-3xl"
    >
      {children}
    </h1>
  );
}
