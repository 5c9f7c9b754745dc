// Registers Ohm's service worker and offers updates: when a new version has been installed
// in the background, a banner says so and reloads into it on request.
(function () {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;

  function offer(worker) {
    if (document.getElementById("ohm-update")) return;
    const bar = document.createElement("div");
    bar.id = "ohm-update";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = "A new version of Ohm is available.";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => worker.postMessage("ohm-activate-update"));
    bar.append(text, button);
    document.body.append(bar);
  }

  window.addEventListener("load", async () => {
    let registration;
    try {
      registration = await navigator.serviceWorker.register("./sw.js");
    } catch (error) {
      console.warn("Ohm works online only: the service worker did not register.", error);
      return;
    }
    // A worker already waiting (installed during an earlier visit), or one being installed now.
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const incoming = registration.installing;
      incoming?.addEventListener("statechange", () => {
        if (incoming.state === "installed" && navigator.serviceWorker.controller) offer(incoming);
      });
    });
    // Look for a new version whenever the app comes back to the foreground.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  });

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only an update the user accepted changes the controller of a controlled page.
    if (reloading || !document.getElementById("ohm-update")) return;
    reloading = true;
    window.location.reload();
  });
})();
