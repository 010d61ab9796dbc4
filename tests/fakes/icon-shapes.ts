// Stand-ins for the Lucide icons the plugin names, for the browser harnesses' pages: simple shapes drawn by hand on
// Lucide's 24-unit grid (2-unit round strokes), close enough that a screenshot shows a plus, a cross or a warning
// triangle where Obsidian would. Not Lucide's own path data: the real set would come from a dev dependency such as
// lucide-static (ISC), which this project does not have yet.

/** One SVG element of an icon: its tag and attributes. */
export type IconPart = [tag: "path" | "circle" | "line" | "polyline" | "rect", attrs: Record<string, string>];

const line = (x1: number, y1: number, x2: number, y2: number): IconPart => ["line", { x1: String(x1), y1: String(y1), x2: String(x2), y2: String(y2) }];
const circle = (cx: number, cy: number, r: number): IconPart => ["circle", { cx: String(cx), cy: String(cy), r: String(r) }];
const path = (d: string): IconPart => ["path", { d }];

/** The shapes of the icons the plugin uses, by Lucide id; an id not here is drawn as a circle. */
export const ICON_SHAPES: Record<string, IconPart[]> = {
  plus: [line(5, 12, 19, 12), line(12, 5, 12, 19)],
  minus: [line(5, 12, 19, 12)],
  x: [line(6, 6, 18, 18), line(18, 6, 6, 18)],
  "chevron-down": [path("M6 9l6 6 6-6")],
  "chevron-right": [path("M9 6l6 6-6 6")],
  maximize: [path("M8 3H5a2 2 0 0 0-2 2v3"), path("M16 3h3a2 2 0 0 1 2 2v3"), path("M21 16v3a2 2 0 0 1-2 2h-3"), path("M3 16v3a2 2 0 0 0 2 2h3")],
  "sliders-horizontal": [line(3, 6, 21, 6), line(3, 12, 21, 12), line(3, 18, 21, 18), line(15, 3, 15, 9), line(8, 9, 8, 15), line(17, 15, 17, 21)],
  "circle-x": [circle(12, 12, 9), line(9, 9, 15, 15), line(15, 9, 9, 15)],
  "triangle-alert": [path("M10.3 4.2a2 2 0 0 1 3.4 0l7.5 13a2 2 0 0 1-1.7 3H4.5a2 2 0 0 1-1.7-3z"), line(12, 9, 12, 13), line(12, 17, 12.01, 17)],
  lightbulb: [path("M9 18h6"), path("M10 22h4"), path("M8.5 14.5A6 6 0 1 1 15.5 14.5c-.8.7-1.5 1.6-1.5 2.5V18h-4v-1c0-.9-.7-1.8-1.5-2.5z")],
  "git-fork": [circle(6, 5, 2), circle(18, 5, 2), circle(12, 19, 2), path("M6 7v2a3 3 0 0 0 3 3h6a3 3 0 0 0 3-3V7"), line(12, 12, 12, 17)],
};
