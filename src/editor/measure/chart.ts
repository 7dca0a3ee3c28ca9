// Chart.js with the error-bar and box-plot charts the run's figures need, registered once.
import { Chart, type ChartConfiguration, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend, Title } from "chart.js";
import { BarWithErrorBarsController, BarWithErrorBar } from "chartjs-chart-error-bars";
import { BoxPlotController, BoxAndWiskers } from "@sgratzl/chartjs-chart-boxplot";
import type { ChartSpec } from "../../measure/charts.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend, Title, BarWithErrorBarsController, BarWithErrorBar, BoxPlotController, BoxAndWiskers);

/** Draws a chart into a canvas; `onBar` is told the index of a bar clicked. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec, onBar?: (index: number) => void): { destroy(): void } {
  // the configuration is plain data made for these chart types (src/measure/charts.ts)
  const config = structuredClone(spec.config) as unknown as ChartConfiguration;
  if (onBar) {
    config.options = {
      ...config.options,
      onClick: (_e, elements) => {
        if (elements[0]) onBar(elements[0].index);
      },
    };
  }
  return new Chart(canvas, config);
}
