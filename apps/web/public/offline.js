// The offline page (served by the service worker when a navigation fails): texts in the
// saved language, and a retry button. No inline script: the CSP forbids them.
(() => {
  const texts = {
    en: {
      title: "You are offline",
      body: "FRE needs the Internet to show your mining. Your session keeps running on our servers.",
      retry: "Try again",
      doc: "FRE — Offline",
    },
    es: {
      title: "Estás sin conexión",
      body: "FRE necesita Internet para mostrar tu minería. Tu sesión sigue en nuestros servidores.",
      retry: "Reintentar",
      doc: "FRE — Sin conexión",
    },
    ru: {
      title: "Нет подключения к сети",
      body: "FRE нужен интернет, чтобы показать ваш майнинг. Ваша сессия продолжается на наших серверах.",
      retry: "Повторить",
      doc: "FRE — Нет сети",
    },
    zh: {
      title: "您已离线",
      body: "FRE 需要联网才能显示您的挖矿。您的挖矿会话仍在我们的服务器上继续。",
      retry: "重试",
      doc: "FRE — 离线",
    },
  };
  let language = "fr";
  try {
    language = localStorage.getItem("fre.language") || "fr";
  } catch (_error) {
    // Storage unavailable: French.
  }
  const chosen = texts[language];
  if (chosen) {
    document.documentElement.lang = language;
    document.title = chosen.doc;
    for (const element of document.querySelectorAll("[data-i18n]")) {
      const text = chosen[element.getAttribute("data-i18n")];
      if (text) element.textContent = text;
    }
  }
  document.getElementById("retry")?.addEventListener("click", () => location.reload());
  window.addEventListener("online", () => location.reload());
  // The `online` event may fire before this deferred script runs, and "online" does not mean
  // the server answers: ask it every few seconds, and reload as soon as anything comes back.
  const reloadWhenReachable = async () => {
    try {
      await fetch("/api/health", { cache: "no-store" });
      location.reload();
    } catch (_error) {
      // Still unreachable: try again later.
    }
  };
  if (navigator.onLine) void reloadWhenReachable();
  setInterval(reloadWhenReachable, 5000);
})();
