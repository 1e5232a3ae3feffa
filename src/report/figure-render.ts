// Vega-Lite specs to SVG with vega's own renderer (no browser, no canvas), and SVG to PNG with resvg using
// the machine's fonts, for `--figures`.
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { Resvg } from '@resvg/resvg-js';

export async function figureSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** A PNG at twice the SVG's size, for print. */
export function svgToPng(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true } })
    .render()
    .asPng();
}
