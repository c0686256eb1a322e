/**
 * The launch-to-Library figure: milliseconds from the app's process starting to the Library's
 * first cards drawn, in `document.body.dataset.launchMs` (the window tests print it; the issue's
 * goal is 0.5 s on the reference machine). The shell says how long its process had run when it
 * answered `app_info`; the UI's own clock gives the rest. Set once, when both are known.
 */
let origin: number | null = null;
let shown: number | null = null;

function report(): void {
  if (origin !== null && shown !== null && !document.body.dataset.launchMs) {
    document.body.dataset.launchMs = Math.max(0, shown - origin).toFixed(0);
    // Where it went: the process's age when the page began loading (the shell's start and the
    // web view's), then the page's own part (its scripts, app_info, the listing, the frame).
    document.body.dataset.launchPageMs = Math.max(0, -origin).toFixed(0);
  }
}

/** `app_info` answered: the process had run `ageMs` by now; the shell's own steps of the
 * launch (process ages: "main 10 · setup 60 · page 250") kept in `launchShellSteps`. */
export function processAge(ageMs: number, shellSteps = ""): void {
  if (origin === null) origin = performance.now() - ageMs;
  if (shellSteps && !document.body.dataset.launchShellSteps) document.body.dataset.launchShellSteps = shellSteps;
  report();
}

/** What waits for the Library's first cards (the views beside it, main.ts). */
const afterCards: (() => void)[] = [];

/** The Library's first cards are drawn (called after the frame that shows them). */
export function cardsShown(): void {
  if (shown === null) shown = performance.now();
  report();
  for (const then of afterCards.splice(0)) then();
}

/** Run `then` once the Library's first cards are drawn (at once if they are). */
export function cardsShownOnce(then: () => void): void {
  if (shown !== null) then();
  else afterCards.push(then);
}

/**
 * A step of the page's own part of the launch, in milliseconds since the page began loading:
 * kept in `document.body.dataset.launchSteps` ("modules 95 · views 140 · …"), which the window
 * test prints beside the launch figure, so a slow launch says where it went.
 */
export function mark(step: string): void {
  const d = document.body.dataset;
  if (d.launchMs) return; // only the launch's steps
  const t = `${step} ${performance.now().toFixed(0)}`;
  d.launchSteps = d.launchSteps ? `${d.launchSteps} · ${t}` : t;
}
