import type Html2Canvas from 'html2canvas';

// Stands in for `html2canvas` in the chart library (vite.config.ts). @antv/g imports it at the top of its module
// but calls it only to take a picture of a chart with HTML labels (`toCanvas`), which the portal never does;
// loaded on that call instead, its 150 kB stay out of the chart chunk that every page with a chart evaluates.
export default async function html2canvas(...args: Parameters<typeof Html2Canvas>): ReturnType<typeof Html2Canvas> {
  const { default: render } = await import('html2canvas');
  return render(...args);
}
