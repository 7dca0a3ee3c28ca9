// Monaco cancels its own requests when a model changes or goes away (a hover, a completion, a decoration pass),
// and in some paths the cancellation escapes as an unhandled rejection named "Canceled" (monaco-editor#2382,
// #4138). Nothing has failed, so the page does not report it; anything else is reported as usual.

function isMonacoCancellation(reason: unknown): boolean {
  return reason instanceof Error && reason.name === "Canceled" && reason.message === "Canceled";
}

export function ignoreMonacoCancellations(target: Window = window): void {
  target.addEventListener("unhandledrejection", (e) => {
    if (isMonacoCancellation(e.reason)) e.preventDefault();
  });
  target.addEventListener("error", (e) => {
    if (isMonacoCancellation(e.error)) e.preventDefault();
  });
}
