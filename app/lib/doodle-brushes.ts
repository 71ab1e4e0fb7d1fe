/**
 * Doodle to art's brushes. Semantic brushes paint regions in exact label colours; the engine
 * reads each pixel's nearest label and fills the region with texture and light (as GauGAN
 * does). The ink brush draws lines that stay lines. White is unpainted paper.
 * Shared by the drawing canvas and the server's doodle renderer: the colours are the contract.
 */
export interface DoodleBrush {
  id: string;
  label: string;
  /** Exact sRGB colour the canvas paints for this label. */
  color: string;
  rgb: [number, number, number];
  semantic: boolean;
}

const brush = (id: string, label: string, hex: string, semantic = true): DoodleBrush => ({
  id,
  label,
  color: hex,
  rgb: [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)],
  semantic,
});

export const DOODLE_BRUSHES: readonly DoodleBrush[] = [
  brush("sky", "Sky", "#6ec6ff"),
  brush("cloud", "Cloud", "#d9d9f3"),
  brush("water", "Water", "#1e5aa8"),
  brush("mountain", "Mountain", "#7a6a58"),
  brush("snow", "Snow", "#f0fbff"),
  brush("grass", "Grass", "#5cb85c"),
  brush("tree", "Tree", "#1f6b2e"),
  brush("flower", "Flowers", "#e85d9e"),
  brush("sand", "Sand", "#e8c872"),
  brush("rock", "Rock", "#8c8c8c"),
  brush("building", "Building", "#b0413e"),
  brush("road", "Road", "#4a4a4a"),
  brush("ink", "Ink", "#111111", false),
];

/** Unpainted paper. */
export const DOODLE_PAPER = { color: "#ffffff", rgb: [255, 255, 255] as [number, number, number] };

export function findBrush(id: string): DoodleBrush | undefined {
  return DOODLE_BRUSHES.find((b) => b.id === id);
}
