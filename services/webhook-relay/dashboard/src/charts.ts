import { h, table } from './dom.js';
import uPlot from './vendor/uplot.js';

// Stacked bars over time, drawn by uPlot on a canvas (a file of this server, so the CSP's script-src 'self' holds;
// uPlot sizes its elements through the CSSOM, which style-src does not govern). The same numbers are a table
// below the chart ("As a table") for screen readers and for reading exact values.

export interface Layer {
  label: string;
  /** One number per bucket, in the order of the chart's starts. */
  values: number[];
  /** A colour name of styles.css (--ok, --bad, ...) read when the chart is drawn. */
  colour: 'ok' | 'bad' | 'warn' | 'muted' | 'accent';
}

export interface StackedBars {
  /** The chart's accessible name and caption. */
  caption: string;
  /** Bucket starts, oldest first. */
  starts: Date[];
  /** Bottom layer first. */
  layers: Layer[];
  /** Labels a bucket in the table ("10:00", "Mon 23"). */
  bucketLabel: (start: Date) => string;
}

const HEIGHT = 170;

function cssColour(name: Layer['colour']): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim() || '#57606a';
}

/** uPlot's options: one bar series per cumulative layer, the top one drawn first so each lower one covers its share. */
function plotOptions(spec: StackedBars, width: number): uPlot.Options {
  const bars = uPlot.paths.bars!({ size: [0.8, 40], gap: 1 });
  const axisColour = cssColour('muted');
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      { stroke: axisColour, grid: { show: false }, size: 30 },
      {
        stroke: axisColour,
        grid: { stroke: cssColour('muted'), width: 0.2 },
        size: 40,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10_000],
      },
    ],
    series: [
      {},
      ...[...spec.layers].reverse().map((layer) => ({
        label: layer.label,
        paths: bars,
        points: { show: false },
        fill: cssColour(layer.colour),
        stroke: cssColour(layer.colour),
        width: 0,
      })),
    ],
  };
}

/** The data uPlot draws: x in seconds, then each layer's running total, top layer first. */
function plotData(spec: StackedBars): uPlot.AlignedData {
  const totals: number[][] = [];
  spec.layers.forEach((layer, index) => {
    totals.push(layer.values.map((value, bucket) => value + (index ? totals[index - 1]![bucket]! : 0)));
  });
  return [spec.starts.map((start) => start.getTime() / 1000), ...totals.reverse()];
}

/**
 * A chart that draws once it has a width, and redraws at the width its card takes (a phone turned, a window resized).
 * Views build their sections while other requests are out, so the observer may first report while the chart is not
 * yet in the document: only leaving the document after having been in it ends the chart.
 */
function plotElement(spec: StackedBars, captionId: string): HTMLElement {
  const holder = h('div', { class: 'chart', role: 'img', 'aria-labelledby': captionId });
  let plot: uPlot | null = null;
  let placed = false;
  const observer = new ResizeObserver(() => {
    if (!holder.isConnected) {
      if (!placed) return;
      observer.disconnect();
      plot?.destroy();
      return;
    }
    placed = true;
    const width = Math.floor(holder.clientWidth);
    if (width <= 0) return;
    if (!plot) plot = new uPlot(plotOptions(spec, width), plotData(spec), holder);
    else if (Math.abs(plot.width - width) > 1) plot.setSize({ width, height: HEIGHT });
  });
  observer.observe(holder);
  return holder;
}

/** A figure: the key, the chart, its caption, and the same numbers as a table. */
export function stackedBarChart(spec: StackedBars): HTMLElement {
  const captionId = `chart-${Math.random().toString(36).slice(2, 10)}`;
  const key = h(
    'ul',
    { class: 'chart-key' },
    ...spec.layers.map((layer) => h('li', null, h('span', { class: `swatch ${layer.colour}`, 'aria-hidden': 'true' }), layer.label)),
  );
  const rows = spec.starts.map((start, bucket) =>
    h('tr', null, h('td', null, spec.bucketLabel(start)), ...spec.layers.map((layer) => h('td', null, String(layer.values[bucket] ?? 0)))),
  );
  return h(
    'figure',
    { class: 'chart-figure' },
    key,
    plotElement(spec, captionId),
    h('figcaption', { id: captionId }, spec.caption),
    h('details', null, h('summary', null, 'As a table'), table(['When', ...spec.layers.map((layer) => layer.label)], rows, spec.caption)),
  );
}
