// Below the editor: the problems of the file being checked, then its assumptions (the values a rulebook does
// not give, marked `assumed:` in the rule file). Each line reads as `houserules check` prints it; clicking one
// reveals its place.
import { formatDiagnostic, type Diagnostic } from "../../interpreter/diagnostics.js";
import { h, fill } from "../dom.js";

export class ProblemsPanel {
  readonly el: HTMLElement;
  private problems = h("ol", { class: "diagnostics", "data-test": "problems" });
  private assumptions = h("ol", { class: "diagnostics", "data-test": "assumptions" });
  private problemsTab = h("button", { class: "tab", role: "tab", onclick: () => this.showTab("problems") }, "Problems");
  private assumptionsTab = h("button", { class: "tab", role: "tab", onclick: () => this.showTab("assumptions") }, "Assumptions");
  private summary = h("span", { class: "summary", "data-test": "summary" });

  constructor(private reveal: (d: Diagnostic) => void) {
    this.el = h("section", { class: "panel", "aria-label": "Problems and assumptions" },
      h("div", { class: "panel-tabs", role: "tablist" }, this.problemsTab, this.assumptionsTab, this.summary),
      this.problems, this.assumptions);
    this.showTab("problems");
  }

  showTab(which: "problems" | "assumptions"): void {
    this.problems.hidden = which !== "problems";
    this.assumptions.hidden = which !== "assumptions";
    this.problemsTab.setAttribute("aria-selected", String(which === "problems"));
    this.assumptionsTab.setAttribute("aria-selected", String(which === "assumptions"));
  }

  /** What a check of `rules` found; `note` says what was checked with it, or why it was not checked. */
  show(rules: string, diagnostics: Diagnostic[]): void {
    const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
    const assumed = diagnostics.filter((d) => d.code === "N_ASSUMED");
    const rest = diagnostics.filter((d) => d.code !== "N_ASSUMED");
    const errors = count("error");
    this.summary.className = `summary ${errors ? "failed" : "ok"}`;
    this.summary.textContent = `${rules}: ${errors ? "failed" : "ok"} (${errors} errors, ${count("warning")} warnings, ${count("notice")} notices)`;
    this.problemsTab.textContent = `Problems (${rest.length})`;
    this.assumptionsTab.textContent = `Assumptions (${assumed.length})`;
    fill(this.problems, ...(rest.length ? rest.map((d) => this.item(d)) : [h("li", { class: "empty" }, "No problems.")]));
    fill(this.assumptions, ...(assumed.length ? assumed.map((d) => this.item(d)) : [h("li", { class: "empty" }, "No assumed values.")]));
  }

  /** A check that could not finish (a file that takes too long): its reason in place of the lists. */
  fail(message: string): void {
    this.summary.className = "summary failed";
    this.summary.textContent = message;
  }

  private item(d: Diagnostic): HTMLElement {
    return h("li", { class: `diagnostic ${d.severity}` },
      h("button", { class: "link", onclick: () => this.reveal(d) }, formatDiagnostic(d)));
  }
}
