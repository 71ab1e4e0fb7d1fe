/**
 * Doodle to art's brushes. Semantic brushes paint regions in exact label colours; the engine
 * reads each pixel's nearest label and fills the region with texture and light (as GauGAN
 * does). Stamp brushes are semantic too, but each blob painted with one becomes a thing drawn
 * to fill it (a house, a boat, a tree…). The ink brush draws lines that stay lines. White is
 * unpainted paper.
 * Shared by the drawing canvas and the server's doodle renderer: the colours are the contract.
 */
export interface DoodleStamp {
  /**
   * Library subjects (src/subjects) a blob may become, in order of preference:
   * the one whose proportions fit the blob best among those the library has.
   */
  subjects: readonly string[];
  /** A subject category ("animal"): a subject of it that the prompt names is drawn instead ("a cat"). */
  category?: string;
  /** A blob much wider than one subject becomes a row of them (a wood, not one flattened tree). */
  row?: boolean;
}

export interface DoodleBrush {
  id: string;
  label: string;
  /** Exact sRGB colour the canvas paints for this label. */
  color: string;
  rgb: [number, number, number];
  semantic: boolean;
  stamp?: DoodleStamp;
}

const brush = (id: string, label: string, hex: string, semantic = true, stamp?: DoodleStamp): DoodleBrush => ({
  id,
  label,
  color: hex,
  rgb: [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)],
  semantic,
  ...(stamp ? { stamp } : {}),
});

const stamp = (id: string, label: string, hex: string, how: DoodleStamp) => brush(id, label, hex, true, how);

export const DOODLE_BRUSHES: readonly DoodleBrush[] = [
  brush("sky", "Sky", "#6ec6ff"),
  brush("cloud", "Cloud", "#d9d9f3"),
  brush("water", "Water", "#1e5aa8"),
  brush("mountain", "Mountain", "#7a6a58"),
  brush("snow", "Snow", "#f0fbff"),
  brush("grass", "Grass", "#5cb85c"),
  brush("flower", "Flowers", "#e85d9e"),
  brush("sand", "Sand", "#e8c872"),
  brush("rock", "Rock", "#8c8c8c"),
  brush("building", "Building", "#b0413e"),
  brush("road", "Road", "#4a4a4a"),
  // Stamps: colours far from every other brush and from the blends of any two (doodle tests check).
  stamp("tree", "Tree", "#1f6b2e", { subjects: ["lonetree", "appletree", "cherrytree", "willowtree"], row: true }),
  stamp("house", "House", "#ff7a3c", { subjects: ["house", "cabin"] }),
  stamp("boat", "Boat", "#9b59ff", { subjects: ["sailboat", "rowboat"] }),
  stamp("animal", "Animal", "#00d2b4", {
    subjects: ["fox", "cat", "horse", "deer", "rabbit", "owl"],
    category: "animal",
  }),
  stamp("person", "Person", "#ffe100", { subjects: ["person", "woman"], category: "figure" }),
  brush("ink", "Ink", "#111111", false),
];

/** Unpainted paper. */
export const DOODLE_PAPER = { color: "#ffffff", rgb: [255, 255, 255] as [number, number, number] };

export function findBrush(id: string): DoodleBrush | undefined {
  return DOODLE_BRUSHES.find((b) => b.id === id);
}
