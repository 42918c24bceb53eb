import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { BarChart, type BarChartPoint } from './bar-chart';

const points: BarChartPoint[] = [
  { key: 'a', label: '20 November 2026', axisLabel: '20 Nov', value: 4, valueLabel: '4' },
  { key: 'b', label: '21 November 2026', axisLabel: '21 Nov', value: 0, valueLabel: '0' },
  { key: 'c', label: '22 November 2026', axisLabel: '22 Nov', value: 7, valueLabel: '7' },
];

function render(list: readonly BarChartPoint[] = points) {
  return renderToStaticMarkup(
    createElement(BarChart, {
      id: 'views',
      title: 'Views per day',
      description: '11 views in 3 days',
      points: list,
      labelHeader: 'Day',
      valueHeader: 'Views',
      formatTick: (value: number) => `#${value}`,
    }),
  );
}

describe('BarChart', () => {
  it('names the SVG by its title and description', () => {
    const html = render();
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="views-svg-title views-svg-desc"');
    expect(html).toContain('<title id="views-svg-title">Views per day</title>');
    expect(html).toContain('<desc id="views-svg-desc">11 views in 3 days</desc>');
  });

  it('draws a bar per non-zero value, scaled to a nice axis', () => {
    const html = render();
    expect(html.match(/<rect /g)).toHaveLength(2);
    // The axis goes to 8 (ticks 0, 2, 4, 6, 8): a 4 is half as tall as the chart.
    expect(html).toMatch(/y="50" height="50" data-value="4"/);
    expect(html).toContain('#8');
    expect(html).toContain('<title>22 November 2026: 7</title>');
  });

  it('puts every value in a table for screen readers, zeros included', () => {
    const html = render();
    expect(html).toContain('<table class="visually-hidden"><caption>Views per day</caption>');
    expect(html).toContain('<th scope="row">21 November 2026</th><td>0</td>');
    expect(html.match(/<th scope="row">/g)).toHaveLength(3);
  });

  it('draws an empty axis from 0 to 1 without bars', () => {
    const html = render(points.map((p) => ({ ...p, value: 0, valueLabel: '0' })));
    expect(html).not.toContain('<rect');
    expect(html).toContain('#1');
  });
});
