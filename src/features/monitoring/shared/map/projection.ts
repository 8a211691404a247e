/**
 * The Natural Earth projection the outline in worldPath.ts was drawn with (scale 175.295, translate
 * [480, 250], 960 × 500), so that markers land where the countries are.
 */
const SCALE = 175.295;
const TX = 480;
const TY = 250;
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 500;

export function project(longitude: number, latitude: number): [number, number] {
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  const phi2 = phi * phi;
  const phi4 = phi2 * phi2;
  const x = lambda * (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4)));
  const y = phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4)));
  return [TX + SCALE * x, TY - SCALE * y];
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WORLD: ViewBox = { x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT };

/** The smallest 2:1 view around the points, with a margin, never closer than `minWidth`. */
export function fitView(points: ReadonlyArray<[number, number]>, minWidth = 80): ViewBox {
  if (points.length === 0) return WORLD;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = Math.min(MAP_WIDTH, Math.max(minWidth, (x1 - x0) * 1.25, (y1 - y0) * 1.25 * 2));
  const height = width / 2;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return {
    x: Math.max(0, Math.min(MAP_WIDTH - width, cx - width / 2)),
    y: Math.max(0, Math.min(MAP_HEIGHT - height, cy - height / 2)),
    width,
    height,
  };
}
