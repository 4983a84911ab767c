import { Link } from "react-router";
import { Logo } from "../../components/ui/logo";

/** The logo and name at the left of a layout's header, a link home named by `label`. */
export function BrandLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-wide text-white"
    >
      <Logo className="size-8" />
      <span>FRE</span>
      <span className="sr-only">— {label}</span>
    </Link>
  );
}
