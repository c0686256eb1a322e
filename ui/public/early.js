// The launch's first questions to the shell, asked as the page begins to load, before the UI's
// bundle is fetched and run (about 90 ms): the Library's listing and the app's info. The UI
// takes the answers (src/ipc/early.ts) instead of asking again; without the shell (the
// benchmark page in a plain browser) nothing is asked.
(function () {
  var tauri = window.__TAURI_INTERNALS__;
  if (!tauri || typeof tauri.invoke !== "function") return;
  var ask = function (cmd) {
    var p = tauri.invoke(cmd, {});
    p.catch(function () {});
    return p;
  };
  window.__kepiEarly = { library_list: ask("library_list"), app_info: ask("app_info") };
})();
