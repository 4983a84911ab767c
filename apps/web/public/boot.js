// Runs before first paint (CSP allows no inline script): decides whether the pre-rendered
// French landing in index.html may show, and sets <html lang> from the saved language.
(() => {
  try {
    const root = document.documentElement;
    const language = localStorage.getItem("fre.language");
    const signedIn = localStorage.getItem("fre.signedIn") === "1";
    if (language) root.lang = language;
    if (location.pathname !== "/" || signedIn || (language && language !== "fr")) {
      root.classList.add("no-prerender");
    }
  } catch (_error) {
    // Storage unavailable: keep the French landing.
  }
})();
