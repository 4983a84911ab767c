import type { ReactNode } from "react";

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const icons = {
  pickaxe: (
    <Svg>
      <path d="M14.5 4.5 19.5 9.5M12 7l5 5M15.8 3.2a9 9 0 0 1 5 5" />
      <path d="m13.5 8.5-9 9a1.4 1.4 0 0 0 2 2l9-9" />
    </Svg>
  ),
  users: (
    <Svg>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3.5 19c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.4.1 4 1.7 4.5 4.3" />
    </Svg>
  ),
  dice: (
    <Svg>
      <rect x="4" y="4" width="16" height="16" rx="3.5" />
      <circle cx="9" cy="9" r="0.9" fill="currentColor" />
      <circle cx="15" cy="15" r="0.9" fill="currentColor" />
      <circle cx="15" cy="9" r="0.9" fill="currentColor" />
      <circle cx="9" cy="15" r="0.9" fill="currentColor" />
    </Svg>
  ),
  levels: (
    <Svg>
      <path d="M4 20h4v-6H4zM10 20h4V9h-4zM16 20h4V4h-4z" />
    </Svg>
  ),
  bolt: (
    <Svg>
      <path d="M13 3 5 13.5h6L10 21l8-10.5h-6Z" />
    </Svg>
  ),
  box: (
    <Svg>
      <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9Z" />
      <path d="m4 7.5 8 4.5 8-4.5M12 12v9" />
    </Svg>
  ),
  phone: (
    <Svg>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </Svg>
  ),
  bell: (
    <Svg>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Svg>
  ),
  feather: (
    <Svg>
      <path d="M20 4c-7 0-12 4-13 13l-3 3" />
      <path d="M7 17c6 0 10-3 11-8" />
    </Svg>
  ),
};
