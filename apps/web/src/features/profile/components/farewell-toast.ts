/** How long the farewell stays on screen. */
const FAREWELL_MS = 8_000;

/**
 * The goodbye after an erasure, shown over the landing page. It lives outside React's tree, on
 * purpose: the signed-in screens unmount as the user is sent out, and the landing page (at its
 * size budget) must not grow a toast system for this one message.
 */
export function showFarewellToast(message: string, closeLabel: string) {
  const region = document.createElement("div");
  region.setAttribute("role", "status");
  region.dataset.testid = "farewell-toast";
  region.className =
    "fixed inset-x-0 bottom-4 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-sm items-start gap-3 rounded-2xl border border-emerald-400/40 bg-night-800/95 p-4 text-sm text-slate-100 shadow-2xl shadow-black/50 animate-toast";
  const text = document.createElement("p");
  text.className = "flex-1 leading-relaxed";
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", closeLabel);
  close.className =
    "grid size-8 shrink-0 place-items-center rounded-full text-slate-300 hover:bg-night-700 hover:text-white";
  close.textContent = "×";
  const remove = () => region.remove();
  close.addEventListener("click", remove);
  region.append(text, close);
  document.body.append(region);
  // Filled once the live region is in the page, so screen readers announce it.
  requestAnimationFrame(() => {
    text.textContent = message;
  });
  setTimeout(remove, FAREWELL_MS);
}
