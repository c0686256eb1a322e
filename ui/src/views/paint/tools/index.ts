// The painter's tools, in toolbar order.

import { ExitTool, HexsideTool, RouteTool } from "./edges";
import { FillTool, EyedropperTool, PanTool } from "./simple";
import { BrushTool, ElevationTool, EraserTool, FeatureTool } from "./stroke";
import type { Tool } from "./tool";

export type { Tool, ToolEvent, ToolId } from "./tool";
export { SIZES } from "./tool";

export function paintTools(): Tool[] {
  return [
    new BrushTool(), new FillTool(), new ElevationTool(), new HexsideTool(), new RouteTool(),
    new FeatureTool(), new ExitTool(), new EraserTool(), new EyedropperTool(), new PanTool(),
  ];
}
