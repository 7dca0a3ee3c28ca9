// Chart.js with the error-bar and box-plot charts the run's figures need, registered once.
import { Chart, type ChartConfiguration, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend, Title } from "chart.js";
import { BarWithErrorBarsController, BarWithErrorBar } from "chartjs-chart-error-bars";
import { BoxPlotController, BoxAndWiskers } from "@sgratzl/chartjs-chart-boxplot";
import type { ChartSpec } from "../../measure/charts.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend, Title, BarWithErrorBarsController, BarWithErrorBar, BoxPlotController, BoxAndWiskers);

/** Bars that open something: what a click on bar `index` does, and what it will do, in words ("open line 4 of x.yaml"). */
export interface BarAction {
  open(index: number): void;
  hint(index: number): string;
}

/**
 * Draws a chart into a canvas. With `bars`, a bar is clicked to open what it stands for: over a bar the pointer
 * is a hand, and the canvas's title and the bar's tooltip say what a click opens.
 */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec, bars?: BarAction): { destroy(): void } {
  // the configuration is plain data made for these chart types (src/measure/charts.ts)
  const config = structuredClone(spec.config) as unknown as ChartConfiguration;
  if (bars) {
    config.options = {
      ...config.options,
      onClick: (_e, elements) => {
        if (elements[0]) bars.open(elements[0].index);
      },
      onHover: (_e, elements) => {
        canvas.style.cursor = elements[0] ? "pointer" : "";
        canvas.title = elements[0] ? bars.hint(elements[0].index) : "";
      },
      plugins: {
        ...config.options?.plugins,
        tooltip: { ...config.options?.plugins?.tooltip, callbacks: { footer: (items) => (items[0] ? bars.hint(items[0].dataIndex) : "") } },
      },
    };
  }
  return new Chart(canvas, config);
}
