import { h, table } from './dom.js';

// A bar chart drawn from elements (no library: the CSP allows no inline style or script, and a bar per bucket
// needs nothing more), each bar titled with its number, and the same numbers as a table for screen readers.

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

export interface Bar {
  label: string;
  value: number;
}

/** Bars over time; `caption` names the chart (its accessible name), `unit` its numbers ("events"). */
export function barChart(bars: Bar[], caption: string, unit: string): HTMLElement {
  const [width, height] = [600, 150];
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = width / Math.max(1, bars.length);
  const captionId = `chart-${Math.random().toString(36).slice(2, 10)}`;
  const chart = svg('svg', {
    class: 'chart',
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-labelledby': captionId,
    preserveAspectRatio: 'none',
  });
  bars.forEach((bar, index) => {
    const barHeight = Math.round((bar.value / max) * (height - 20));
    const rect = svg('rect', {
      x: Math.round(index * slot + 1),
      y: height - 15 - barHeight,
      width: Math.max(1, Math.floor(slot - 2)),
      height: barHeight,
    });
    rect.append(svg('title', {}, `${bar.label}: ${bar.value} ${unit}`));
    chart.append(rect);
  });
  chart.append(
    svg('text', { x: 0, y: height - 2 }, bars[0]?.label ?? ''),
    svg('text', { x: width, y: height - 2, 'text-anchor': 'end' }, bars.at(-1)?.label ?? ''),
    svg('text', { x: 0, y: 10 }, `max ${max}`),
  );
  return h(
    'figure',
    null,
    chart,
    h('figcaption', { id: captionId }, caption),
    h(
      'details',
      null,
      h('summary', null, 'As a table'),
      table(
        ['When', unit[0]!.toUpperCase() + unit.slice(1)],
        bars.map((bar) => h('tr', null, h('td', null, bar.label), h('td', null, bar.value))),
        caption,
      ),
    ),
  );
}
