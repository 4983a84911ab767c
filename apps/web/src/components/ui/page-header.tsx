import type { ReactNode } from "react";
import { PageTitle } from "./page-title";

/** A screen's h1 (which also names the tab) with the line under it that says what it is for. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  return (
    <div>
      <PageTitle title={title}>{title}</PageTitle>
      <p className="mt-1 text-muted">{subtitle}</p>
    </div>
  );
}
