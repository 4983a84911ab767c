import type { SupportTicketStatus } from "@fre/shared";
import type { ReactNode, RefObject } from "react";
import { StatusBadge } from "./status-badge";

/** A thread's subject (focusable, for the opening scroll), its status and a line of details. */
export function ThreadHeader({
  subject,
  status,
  headingRef,
  level,
  children,
}: {
  subject: string;
  status: SupportTicketStatus;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** h2 on the user's page, h3 inside the admin console's section. */
  level: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <header className="grid gap-1">
      <div className="flex items-start justify-between gap-3">
        <Heading
          ref={headingRef}
          tabIndex={-1}
          className={`min-w-0 break-words font-bold text-white focus:outline-none ${level === 2 ? "text-lg" : ""}`}
        >
          {subject}
        </Heading>
        <StatusBadge status={status} />
      </div>
      <p className="text-xs text-muted">{children}</p>
    </header>
  );
}
