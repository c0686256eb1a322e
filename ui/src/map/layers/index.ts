// The map's own layers, bottom to top: what every view that shows a map draws. Views add theirs
// above (the painter its cursor; play and replay units, highlights, paths, arrows).

import { EdgesLayer } from "./edges";
import { ElevationLayer } from "./elevation";
import { GridLayer } from "./grid";
import { HexsidesLayer } from "./hexsides";
import { LabelsLayer } from "./labels";
import type { Layer } from "./layer";
import { NumbersLayer } from "./numbers";
import { ProblemsLayer } from "./problems";
import { RoutesLayer } from "./routes";
import { ScaleBarLayer } from "./scalebar";
import { PaperLayer, TerrainLayer } from "./terrain";
import { UnderlayLayer } from "./underlay";

export type { Layer, TileScene, TextScene, FrameScene } from "./layer";
export { UnderlayLayer };
export { hexPath } from "./layer";

export function mapLayers(): Layer[] {
  const elevation = new ElevationLayer();
  const terrain = new TerrainLayer(() => elevation.visible);
  return [
    new PaperLayer(terrain), terrain, new EdgesLayer(terrain), new UnderlayLayer(), new GridLayer(), elevation,
    new HexsidesLayer(), new RoutesLayer(), new NumbersLayer(), new LabelsLayer(), new ProblemsLayer(), new ScaleBarLayer(),
  ];
}
